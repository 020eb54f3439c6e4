/**
 * Decides an approval card and waits until the panel has the decision: the card loses its buttons once the
 * worker has it (the card re-rendered or replaced). Waited for as it happens, not for a fixed time: a loop that
 * decides cards one after another must not decide the same card twice, and need not sleep to be sure.
 */
import type { Locator, Page } from '@playwright/test';

export async function decideAndWait(panel: Page, card: Locator, button: 'Approve' | 'Deny'): Promise<void> {
  const element = await card.elementHandle();
  await card.getByRole('button', { name: button, exact: true }).click();
  // A card that kept its buttons past this (the decision lost) is found pending by the caller's next look.
  await panel
    .waitForFunction((el) => !el?.isConnected || !el.querySelector('.approval .actions'), element, {
      polling: 50,
      timeout: 10_000,
    })
    .catch(() => undefined);
  await element?.dispose();
}
