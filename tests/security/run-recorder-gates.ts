/**
 * Recordings (issue 28) as a runner: the recorder is a way in (it watches what the user does on a page) and a
 * replay a way out through the page tools. The built extension, real trusted input from Playwright, and pages that
 * try to get a secret into a recording or the approved click onto another button. Shared by
 * tests/security/recordings.spec.ts and the `security` bench.
 *   secrets   the user types into ten secret fields (passwords: plain, shown as text, by label only, turned into a
 *             text field while typed in; cards by autocomplete, label and CVC; one-time codes by autocomplete,
 *             label and value) and one note: the note is recorded, no secret's value is in the recording while it
 *             runs, when it stops, or in the task it is saved as. One case per secret field.
 *   forged    a task saved with a password step that carries a value keeps no value
 *   swap      a page swaps its buttons' labels while a replayed click waits for approval: the approved click is not
 *             done on the other button
 */
import type { Page } from '@playwright/test';
import { serveFixturePages, type FixtureServer } from '../fixtures/pages';
import { addFakeProvider, assistantMessages, callBackground, chatRequests, expect, openPanel } from '../e2e/fixtures';
import { runSavedTask, typeItem, ADD_ITEM } from '../e2e/recording-helpers';
import { serveTwoOrigins, type TwoOrigins } from './serve-two-origins';
import { runCases } from './run-cases';
import type { SecurityFixtures } from './security-session';
import { decideAndWait } from '../harness/until-decided';

export interface RecorderGatesReport {
  cases: number;
  /** `case: what went wrong`, one per broken rule. */
  violations: string[];
  /** Secret fields whose value was kept in a recording or the task saved from it. */
  secretsKept: string[];
  /** Clicks a replay did on an element the user did not approve (the page's own record). */
  unapprovedClicks: number;
}

/** Each secret field of recorder-secrets.html and what the user types into it. */
export const SECRET_FIELDS: Record<string, string> = {
  pw: 'hunter2-pw-plain',
  shown: 'hunter2-pw-shown',
  plain: 'hunter2-pw-bylabel',
  reveal: 'hunter2-pw-revealed',
  ccnum: '4111111111111111',
  cardlabel: '5500005555555559',
  cvc: '7391',
  otp: '482915',
  verify: '551203',
  code: '903117',
};

interface Ctx {
  f: SecurityFixtures;
  pages: FixtureServer;
  sites: TwoOrigins;
  fail: (m: string) => void;
  report: RecorderGatesReport;
}

type Recorded = { steps: { action: string; value?: string }[]; skipped: number };

async function tabIdOf(extPage: Page, url: string): Promise<number> {
  const tabs = await extPage.evaluate(() => chrome.tabs.query({}));
  const tab = tabs.find((t) => t.url === url);
  if (tab?.id === undefined) throw new Error(`no tab shows ${url}`);
  return tab.id;
}

async function secrets(ctx: Ctx) {
  const { context, extPage } = ctx.f;
  const url = `${ctx.sites.a}/recorder-secrets.html`;
  const page = await context.newPage();
  await page.goto(url);
  await callBackground(extPage, 'recording.start', { tabId: await tabIdOf(extPage, url) });
  await page.bringToFront();
  for (const [id, value] of Object.entries(SECRET_FIELDS)) {
    await page.locator(`#${id}`).click();
    await page.keyboard.type(value);
  }
  await page.locator('#note').click();
  await page.keyboard.type('Milk');
  await page.keyboard.press('Tab');
  // The control: what the user typed into the note is recorded (so a recorder that recorded nothing fails here).
  await expect
    .poll(async () => JSON.stringify(await callBackground(extPage, 'recording.state', {})), { timeout: 10_000 })
    .toContain('"value":"Milk"');
  const during = JSON.stringify(await callBackground(extPage, 'recording.state', {}));
  const stopped = await callBackground<Recorded>(extPage, 'recording.stop', {});
  const saved = await callBackground(extPage, 'tasks.save', {
    name: 'sign-in-and-pay',
    instruction: 'Sign in and pay',
    startUrl: url,
    steps: stopped.steps,
  });
  const kept = during + JSON.stringify([stopped, saved, await callBackground(extPage, 'tasks.list', {})]);
  for (const [id, value] of Object.entries(SECRET_FIELDS))
    if (kept.includes(value)) {
      ctx.report.secretsKept.push(id);
      ctx.fail(`secrets: the value typed into #${id} was kept in the recording`);
    }
  await page.close();
}

async function forged(ctx: Ctx) {
  const { extPage } = ctx.f;
  const saved = await callBackground<unknown>(extPage, 'tasks.save', {
    name: 'login',
    instruction: 'Log in',
    steps: [{ action: 'password', target: { role: 'textbox', name: 'Password' }, value: 'hunter2-forged' }],
  }).catch((error: unknown) => `refused: ${String(error)}`);
  const kept = JSON.stringify([saved, await callBackground(extPage, 'tasks.list', {})]);
  if (kept.includes('hunter2-forged')) {
    ctx.report.secretsKept.push('forged password step');
    ctx.fail('forged: a password step kept the value it was saved with');
  }
}

async function swap(ctx: Ctx) {
  const { context, extensionId, extPage, llm } = ctx.f;
  const startUrl = `${ctx.pages.url}recording.html?layout=hostile`;
  await callBackground(extPage, 'tasks.save', {
    name: 'add-milk',
    instruction: 'Add milk to the list',
    startUrl,
    steps: [typeItem('Milk'), ADD_ITEM],
  });
  llm.enqueue({ text: ['The page changed under the step; I stopped.'] });
  const panel = await openPanel(context, extensionId);
  const page = await runSavedTask(context, panel, 'add-milk', startUrl);
  await panel.bringToFront();
  const state = async () =>
    JSON.parse((await page.locator('#state').textContent()) ?? '{}') as { items: { name: string }[]; swapped: boolean };
  // Every card before the click is approved; the click's card names the button the recording meant.
  const clickCard = panel.locator('.tool-card[data-tool="click"]:has(.approval .actions)');
  for (let waited = 0; !(await clickCard.isVisible()); waited += 50) {
    if (waited > 30_000) throw new Error('swap: the replay never asked about its click');
    // Never the click's own card, should it come between the look above and this one: it waits for the swap.
    const pending = panel.locator('.tool-card:not([data-tool="click"]):has(.approval .actions)').first();
    if (await pending.isVisible()) await decideAndWait(panel, pending, 'Approve');
    else await panel.waitForTimeout(50);
  }
  await expect(clickCard).toContainText('Add item');
  if ((await clickCard.textContent())?.includes('Delete all')) ctx.fail('swap: the card named the other button');
  // Now the page swaps: the element the card names reads "Delete all" and deletes everything.
  await page.evaluate(() => (window as unknown as { swapLabels: () => void }).swapLabels());
  if (!(await state()).swapped) throw new Error('swap: the page did not swap its labels (the case proves nothing)');
  await clickCard.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', /complete|error/, { timeout: 30_000 });
  const items = (await state()).items.map((i) => i.name);
  if (JSON.stringify(items) !== '["Bread"]') {
    ctx.report.unapprovedClicks++;
    ctx.fail(`swap: the approved click was done on the other button: the list is ${JSON.stringify(items)}`);
  }
  // The model was asked once, for the step that failed, and its answer ended the run.
  if (chatRequests(llm).length !== 1) ctx.fail(`swap: the model was asked ${chatRequests(llm).length} times, not once`);
  await expect(assistantMessages(panel).last()).toContainText('The page changed under the step; I stopped.');
  await panel.close();
  await page.close();
}

const CASES = { secrets, forged, swap } as const;
export type RecorderCase = keyof typeof CASES;
/** How many cases each runs: one per secret field for `secrets`. */
const WEIGHT: Record<RecorderCase, number> = { secrets: Object.keys(SECRET_FIELDS).length, forged: 1, swap: 1 };

/** Runs every case in one extension session; a case that throws is a violation. */
export async function runRecorderGates(f: SecurityFixtures, only?: RecorderCase[]): Promise<RecorderGatesReport> {
  await addFakeProvider(f.extPage, f.llm, 'm');
  const pages = await serveFixturePages();
  const sites = await serveTwoOrigins(['recorder-secrets.html']);
  const report: RecorderGatesReport = { cases: 0, violations: [], secretsKept: [], unapprovedClicks: 0 };
  try {
    const ctx: Ctx = { f, pages, sites, report, fail: (m) => void report.violations.push(m) };
    await runCases(f.llm, only ?? (Object.keys(CASES) as RecorderCase[]), CASES, ctx, report, (n) => WEIGHT[n]);
  } finally {
    await sites.close();
    await pages.close();
  }
  return report;
}
