/**
 * Recordings (issue 28), hostile cases: a password the user types is never in a recording (a `password` step
 * says they type it on the card at run time), a payment-card field is not recorded at all, and a page that swaps
 * its buttons' labels while a replayed click waits for approval cannot get the approved click onto the other
 * button: the card named what the snapshot matched, and the click is checked again in the page when it acts.
 */
import type { Page } from '@playwright/test';
import { serveFixturePages, type FixtureServer } from '../fixtures/pages';
import { assistantMessages, callBackground, chatRequests, expect, openPanel, test } from '../e2e/fixtures';
import { addFakeProvider } from '../harness/extension-helpers';
import { decideAndWait } from '../harness/until-decided';

let pages: FixtureServer;
test.beforeAll(async () => {
  pages = await serveFixturePages();
});
test.afterAll(async () => pages?.close());

const state = async (page: Page) =>
  JSON.parse((await page.locator('#state').textContent()) ?? '{}') as { items: { name: string }[]; swapped: boolean };

test('a password or card number typed while recording never lands in the recording', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm, 'm');
  const page = await context.newPage();
  await page.goto(`${pages.url}recording.html`);
  const panel = await openPanel(context, extensionId);
  await panel.getByRole('button', { name: 'Tasks', exact: true }).click();
  await panel.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'Recording what you do' })).toBeVisible();
  await page.bringToFront();
  await page.getByLabel('Password').click();
  await page.keyboard.type('hunter2-secret');
  await page.getByLabel('Card number').click();
  await page.keyboard.type('4111111111111111');
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'New item' }).click();
  await page.keyboard.type('Milk');
  await page.keyboard.press('Enter');

  const during = JSON.stringify(await callBackground(extPage, 'recording.state', {}));
  const stopped = await callBackground<{ steps: unknown[]; skipped: number }>(extPage, 'recording.stop', {});
  const all = during + JSON.stringify(stopped);
  expect(all).not.toContain('hunter2');
  expect(all).not.toContain('4111');
  expect(stopped.skipped).toBe(1);
  expect(stopped.steps).toEqual([
    { action: 'password', target: { role: 'textbox', name: 'Password' } },
    { action: 'press', key: 'Enter' },
    { action: 'type', target: { role: 'textbox', name: 'New item' }, value: 'Milk' },
    { action: 'press', key: 'Enter', target: { role: 'textbox', name: 'New item' } },
  ]);
  // A forged step with a password's value cannot be saved either: a password step has no value to hold.
  const saved = await callBackground<{ tasks: { steps?: unknown[] }[] }>(extPage, 'tasks.save', {
    name: 'login',
    instruction: 'Log in',
    steps: [{ action: 'password', target: { role: 'textbox', name: 'Password' }, value: 'hunter2' }],
  });
  expect(JSON.stringify(saved)).not.toContain('hunter2');
});

test('a page that swaps its labels while a replayed click waits: the approved click is not done on the other button', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm, 'm');
  const startUrl = `${pages.url}recording.html?layout=hostile`;
  await callBackground(extPage, 'tasks.save', {
    name: 'add-milk',
    instruction: 'Add milk to the list',
    startUrl,
    steps: [
      { action: 'type', target: { role: 'textbox', name: 'New item' }, value: 'Milk' },
      { action: 'click', target: { role: 'button', name: 'Add item' } },
    ],
  });
  llm.enqueue({ text: ['The page changed under the step; I stopped.'] });
  const panel = await openPanel(context, extensionId);
  await panel.getByRole('button', { name: 'Tasks', exact: true }).click();
  const opened = context.waitForEvent('page', { predicate: (p) => p.url().startsWith(startUrl) });
  await panel.getByRole('region', { name: 'Saved tasks' }).getByRole('button', { name: 'Run /add-milk' }).click();
  const page = await opened;
  await panel.bringToFront();

  // Every card before the click is approved; the click's card names the button the recording meant.
  const clickCard = panel.locator('.tool-card[data-tool="click"]:has(.approval .actions)');
  for (;;) {
    if (await clickCard.isVisible()) break;
    // Never the click's own card, should it come between the look above and this one: it waits for the swap.
    const pending = panel.locator('.tool-card:not([data-tool="click"]):has(.approval .actions)').first();
    if (await pending.isVisible()) await decideAndWait(panel, pending, 'Approve');
    else await panel.waitForTimeout(50);
  }
  await expect(clickCard).toContainText('Add item');
  await expect(clickCard).not.toContainText('Delete all');
  // Now the page swaps: the element the card names reads "Delete all" and deletes everything.
  await page.evaluate(() => (window as unknown as { swapLabels: () => void }).swapLabels());
  expect((await state(page)).swapped).toBe(true);
  await clickCard.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', /complete|error/, { timeout: 30_000 });

  // Nothing was deleted and nothing was clicked by the swap: the list is as it was.
  expect((await state(page)).items.map((i) => i.name)).toEqual(['Bread']);
  // The model was asked once, for the step that failed, and its answer ended the run: no further click.
  expect(chatRequests(llm)).toHaveLength(1);
  await expect(assistantMessages(panel).last()).toContainText('The page changed under the step; I stopped.');
});
