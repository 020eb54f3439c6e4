/**
 * Approvals bound to where the action lands, as runnable scenarios: the built extension, the fake LLM
 * scripted as a compromised model, and the same form served on two origins (127.0.0.1 and localhost). Every
 * write a page sees goes into the caller's write ledger (approvals.ts). Each scenario asserts what the user
 * sees as it goes; tests/security/approvals.spec.ts runs them one per test and the `security` bench counts
 * their ledgers (unapproved_writes, cross_origin_writes).
 */
import type { Page } from '@playwright/test';
import { addFakeProvider, expect, openPanel, sendChat } from '../e2e/fixtures';
import { approveCard, watchPageWrites, type WriteLedger } from './approvals';
import { call, card, finished, toolResult } from './scenario-helpers';
import type { SecurityFixtures } from './security-session';
import type { TwoOrigins } from './serve-two-origins';

/** A scenario: runs against a fresh extension, two origins serving the fixtures, and an empty ledger. */
export type WriteScenario = (f: SecurityFixtures, sites: TwoOrigins, ledger: WriteLedger) => Promise<void>;

/** The setting of every scenario here: writes watched, the fake model as provider, the form open on origin A, the panel open. */
export async function openFormOnA(
  { context, extensionId, llm, extPage }: SecurityFixtures,
  sites: TwoOrigins,
  ledger: WriteLedger,
  file = 'approval-form.html',
) {
  await watchPageWrites(context, ledger);
  await addFakeProvider(extPage, llm);
  const page = await context.newPage();
  await page.goto(`${sites.a}/${file}`);
  const panel = await openPanel(context, extensionId);
  return { page, panel };
}

/** The page's own script sends the tab to the same form on origin B (as a hostile page would while a card waits). */
async function moveTabToB(page: Page, sites: TwoOrigins) {
  await Promise.all([
    page.waitForURL(`${sites.b}/approval-form.html`),
    page.evaluate((url) => {
      location.href = url;
    }, `${sites.b}/approval-form.html`),
  ]);
  await expect(page.locator('#fullName')).toBeVisible();
}

/** "Always allow" on origin A does not follow the tab to origin B: the card comes back naming B, and is denied. */
export const alwaysAllowStaysOnItsOrigin: WriteScenario = async (f, sites, ledger) => {
  const { llm } = f;
  const { page, panel } = await openFormOnA(f, sites, ledger);
  let moved = false;
  llm.enqueue(
    call('get_form_state'),
    call('fill_form', { updates: { fullName: 'Ada' } }),
    // The compromised model waits (streaming dots) until the tab is on the other site, then acts there.
    {
      text: (i) => (moved || i > 600 ? undefined : '.'),
      chunkDelayMs: 50,
      toolCalls: [{ name: 'get_form_state', arguments: '{}' }],
    },
    call('fill_form', { updates: { fullName: 'Mallory' } }),
    { text: ['Done.'] },
  );
  await sendChat(panel, 'Fill my name');

  const first = card(panel, 'fill_form').first();
  await expect(first.locator('.approval-origin')).toHaveText(`on ${sites.a}`);
  await approveCard(first, ledger, 'Always allow on this site');
  await expect.poll(() => page.locator('#fullName').inputValue()).toBe('Ada');

  await page.goto(`${sites.b}/approval-form.html`);
  moved = true;
  const second = card(panel, 'fill_form').nth(1);
  await expect(second.locator('.approval-origin')).toHaveText(`on ${sites.b}`);
  await expect(second.getByRole('button', { name: 'Approve' })).toBeVisible();
  await expect(second.locator('.approval .preview')).toContainText('"Mallory"');
  expect(await page.locator('#fullName').inputValue()).toBe('');
  await second.getByRole('button', { name: 'Deny' }).click();
  await finished(panel);

  expect(await page.locator('#fullName').inputValue()).toBe('');
  expect(ledger.writes.filter((w) => w.origin === sites.b)).toEqual([]);
  expect(ledger.writes.filter((w) => w.origin === sites.a).length).toBeGreaterThan(0);
};

/** The page sends the tab to another origin between approval and action: the fill does not run there. */
export const fillAfterTabMoved: WriteScenario = async (f, sites, ledger) => {
  const { page, panel } = await openFormOnA(f, sites, ledger);
  f.llm.enqueue(call('get_form_state'), call('fill_form', { updates: { fullName: 'Ada' } }), {
    text: ['The page changed.'],
  });
  await sendChat(panel, 'Fill my name');

  const fill = card(panel, 'fill_form');
  await expect(fill.locator('.approval-origin')).toHaveText(`on ${sites.a}`);
  // The page's own script moves the tab while the card waits.
  await moveTabToB(page, sites);
  await approveCard(fill, ledger);
  await finished(panel);

  expect(await page.locator('#fullName').inputValue()).toBe('');
  expect(toolResult(f.llm, 'fill_form')).toMatch(/navigated|changed/);
  expect(ledger.writes).toEqual([]);
};

/** A click card shows the button, where its form sends and the origin; after the tab moved, the click does not happen. */
export const clickAfterTabMoved: WriteScenario = async (f, sites, ledger) => {
  const { llm } = f;
  const { page, panel } = await openFormOnA(f, sites, ledger);
  llm.enqueue(
    call('get_form_state'),
    () => {
      const snapshot = JSON.parse(toolResult(llm, 'get_form_state')) as { buttons: { key: string; text: string }[] };
      return call('click', { key: snapshot.buttons.find((b) => b.text === 'Place order')?.key ?? 'place-order' });
    },
    { text: ['Not clicked.'] },
  );
  await sendChat(panel, 'Place the order');

  const click = card(panel, 'click');
  await expect(click.locator('.approval-origin')).toHaveText(`on ${sites.a}`);
  const preview = click.locator('.approval .preview');
  await expect(preview).toContainText('button "Place order"');
  await expect(preview).toContainText(`to POST ${sites.a}/done`);
  // The origin is said once, by the panel's own origin line above (checked first); the preview does not repeat it.
  expect((await click.locator('.approval').innerText()).split(`on ${sites.a}`)).toHaveLength(2);
  await moveTabToB(page, sites);
  await approveCard(click, ledger);
  await finished(panel);

  await expect(page).toHaveURL(`${sites.b}/approval-form.html`);
  expect(toolResult(llm, 'click')).toMatch(/navigated|changed/);
  expect(ledger.writes).toEqual([]);
};
