/** The recordings specs' and runner's shared moves in the panel: start recording, run a saved task from Tasks. */
import type { BrowserContext, Page } from '@playwright/test';
import { expect } from './fixtures';

/** The shopping list's recorded steps (tests/fixtures/pages/recording.html), as the recorder writes them. */
export const typeItem = (value: string) =>
  ({ action: 'type', target: { role: 'textbox', name: 'New item' }, value }) as const;
export const ADD_ITEM = { action: 'click', target: { role: 'button', name: 'Add item' } } as const;

/** Shows the panel's Tasks view (the header's Tasks button is a toggle: pressed while it shows). */
async function showTasks(panel: Page): Promise<void> {
  const button = panel.getByRole('button', { name: 'Tasks', exact: true });
  if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

/** Opens Tasks in `panel` and starts recording the tab in front; resolves once the panel says it records. */
export async function startRecording(panel: Page): Promise<void> {
  await showTasks(panel);
  await panel.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'Recording what you do' })).toBeVisible();
}

/**
 * Runs the saved task `/name` from the panel's Tasks view and resolves with the tab its start page opened in
 * (the tab whose address starts with `startUrl`). `before` runs after the click (e.g. filling the values form).
 */
export async function runSavedTask(
  context: BrowserContext,
  panel: Page,
  name: string,
  startUrl: string,
  before?: () => Promise<void>,
): Promise<Page> {
  await showTasks(panel);
  const opened = context.waitForEvent('page', { predicate: (p) => p.url().startsWith(startUrl) });
  await panel
    .getByRole('region', { name: 'Saved tasks' })
    .getByRole('button', { name: `Run /${name}` })
    .click();
  await before?.();
  return opened;
}
