/**
 * Recordings that run without anyone starting them by hand, and recordings the worker dies in (issue 28): a
 * scheduled recording is replayed when its alarm fires (not sent to a model as its sentence), with no request to
 * the fake LLM and the page's fields filled; a replay whose worker is stopped while a card waits resumes, and one
 * stopped while a click is under way in the page ends there, saying so, and no step is done twice.
 */
import type { Page } from '@playwright/test';
import { serveFixturePages, type FixtureServer } from '../fixtures/pages';
import type { RecordedRequest } from '../fake-llm/recorded-request';
import { clickNotice, hourlyFrom, listRuns, shownNotices, stopWorker } from '../harness/schedule-helpers';
import {
  addFakeProvider,
  assistantMessages,
  callBackground,
  expect,
  killServiceWorker,
  openPanel,
  test,
} from './fixtures';
import { settleRun } from './drive-tab-run';
import { typeItem, ADD_ITEM } from './recording-helpers';

let pages: FixtureServer;
test.beforeAll(async () => {
  pages = await serveFixturePages();
});
test.afterAll(async () => pages?.close());

const items = async (page: Page) =>
  (JSON.parse((await page.locator('#state').textContent()) ?? '{}') as { items: { name: string; priority: string }[] })
    .items;
/** How many times the page's "Add item" handler ran (a click done twice counts twice). */
const adds = async (page: Page) => Number(await page.locator('#adds').textContent());
const modelRequests = (llm: { requests: RecordedRequest[] }) => llm.requests.filter((r) => r.method === 'POST');

const shoppingSteps = [
  typeItem('Milk'),
  { action: 'choose', target: { role: 'combobox', name: 'Priority' }, option: 'High' },
  ADD_ITEM,
  typeItem('Tea'),
];

test('a scheduled recording is replayed when its alarm fires, with no model call', async ({
  context,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm, 'm');
  const startUrl = `${pages.url}recording.html`;
  const fireAt = Date.now() + 3000;
  await callBackground(extPage, 'tasks.save', {
    name: 'shopping',
    instruction: 'Add milk to the shopping list',
    startUrl,
    steps: shoppingSteps,
    schedule: { ...hourlyFrom(0), from: fireAt },
  });
  const opened = context.waitForEvent('page', { predicate: (p) => p.url().startsWith(startUrl), timeout: 30_000 });
  // Stopped between the save and the alarm: only the alarm can start the run.
  await stopWorker(context, extPage);
  const page = await opened;
  // Nobody is watching: the replay's click waits for its card like any scheduled run's step.
  await expect
    .poll(async () => (await listRuns(extPage)).runs.map((r) => [r.taskName, r.status]), { timeout: 30_000 })
    .toEqual([['shopping', 'waiting']]);
  const [id, notice] = Object.entries(await shownNotices(context))[0]!;
  expect(notice.title).toBe('/shopping needs your approval');
  const panelOpened = context.waitForEvent('page', (p) => p.url().includes('/sidepanel.html'));
  await clickNotice(context, id);
  const panel = await panelOpened;
  const asked = await settleRun(panel, () => 'approve');
  expect(asked.map((a) => a.tool)).toContain('click');
  await expect(assistantMessages(panel).last()).toContainText('Replayed all 4 steps of /shopping.');
  expect(await items(page)).toEqual([
    { name: 'Bread', priority: 'Low' },
    { name: 'Milk', priority: 'High' },
  ]);
  await expect(page.getByRole('textbox', { name: 'New item' })).toHaveValue('Tea');
  expect(await adds(page)).toBe(1);
  await expect
    .poll(async () => (await listRuns(extPage)).runs.map((r) => r.status), { timeout: 20_000 })
    .toEqual(['done']);
  // The recording was replayed, not sent to a model as its sentence: no request, not for a step or a title.
  expect(modelRequests(llm)).toEqual([]);
});

test('a replay resumes after the worker is stopped at a card, and ends, saying so, when it is stopped mid-click', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm, 'm');
  // "Add item" holds the page for 5 s after adding: the second click is under way when the worker is stopped.
  const startUrl = `${pages.url}recording.html?layout=slow`;
  await callBackground(extPage, 'tasks.save', {
    name: 'two-items',
    instruction: 'Add milk and tea',
    startUrl,
    steps: [typeItem('Milk'), ADD_ITEM, typeItem('Tea'), ADD_ITEM, typeItem('Jam')],
  });
  const panel = await openPanel(context, extensionId);
  await panel.getByRole('button', { name: 'Tasks', exact: true }).click();
  const opened = context.waitForEvent('page', { predicate: (p) => p.url().startsWith(startUrl) });
  await panel.getByRole('region', { name: 'Saved tasks' }).getByRole('button', { name: 'Run /two-items' }).click();
  const page = await opened;
  const clicks = panel.locator('.tool-card[data-tool="click"]');
  const approve = async (card: ReturnType<Page['locator']>) => {
    await expect(card).toHaveAttribute('data-status', 'awaiting-approval', { timeout: 30_000 });
    await card.getByRole('button', { name: 'Approve', exact: true }).click();
  };
  // Cards before the first click (a fill, if it asks) are approved as they come.
  for (;;) {
    const pending = panel.locator('.tool-card[data-status="awaiting-approval"]').first();
    await expect(pending).toBeVisible({ timeout: 30_000 });
    if ((await pending.getAttribute('data-tool')) === 'click') break;
    await pending.getByRole('button', { name: 'Approve', exact: true }).click();
    await panel.waitForTimeout(400);
  }

  // 1. Stopped while the first click's card waits: a fresh worker resumes the run and the card is there again.
  await killServiceWorker(context, panel);
  await approve(clicks.first());
  await expect
    .poll(() => items(page).then((l) => l.map((i) => i.name)), { timeout: 30_000 })
    .toEqual(['Bread', 'Milk']);

  // 2. Stopped while the second click is under way in the page: its outcome is unknown, so it is not done again
  // and the replay ends there.
  await settleUntilSecondClick(panel, clicks);
  await approve(clicks.nth(1));
  await expect(clicks.nth(1)).toHaveAttribute('data-status', 'running', { timeout: 30_000 });
  await untilHeld(page);
  await killServiceWorker(context, panel);
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', /complete|error|stopped/, {
    timeout: 40_000,
  });
  await expect(assistantMessages(panel).last()).toContainText(
    'Stopped at step 4 of 5: the browser stopped it while it ran, so it is not done again.',
  );
  // The page did that click once (its handler ran to its end in the page), and nothing after it was done.
  await expect.poll(() => adds(page), { timeout: 10_000 }).toBe(2);
  expect((await items(page)).map((i) => i.name)).toEqual(['Bread', 'Milk', 'Tea']);
  await expect(page.getByRole('textbox', { name: 'New item' })).toHaveValue('');
  // Some time later, still once: no resumed worker clicked it again.
  await panel.waitForTimeout(1500);
  expect(await adds(page)).toBe(2);
  expect(modelRequests(llm)).toEqual([]);
});

/**
 * Resolves once the page's main thread is held (the slow click's handler runs: the page does not answer for a
 * second), so the worker is stopped while that click is under way, whatever the machine's load.
 */
async function untilHeld(page: Page) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const answered = page.evaluate(() => true).catch(() => true);
    const held = await Promise.race([
      answered.then(() => false),
      new Promise<true>((r) => setTimeout(() => r(true), 1000)),
    ]);
    if (held) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the click never reached the page');
}

/** Approves the cards between the first click and the second (a fill, if it asks), until the second click's. */
async function settleUntilSecondClick(panel: Page, clicks: ReturnType<Page['locator']>) {
  for (;;) {
    if ((await clicks.count()) >= 2) return;
    const pending = panel.locator('.tool-card[data-status="awaiting-approval"]:not([data-tool="click"])').first();
    if (await pending.isVisible().catch(() => false)) {
      await pending.getByRole('button', { name: 'Approve', exact: true }).click();
      await panel.waitForTimeout(400);
    } else await panel.waitForTimeout(100);
  }
}
