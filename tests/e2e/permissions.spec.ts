/**
 * Settings → Permissions end to end: a grant given on an approval card is listed (tool, site, when) and Revoke
 * takes effect at once (the next call asks again); with "Read only" on, a fill and a click are refused and the
 * page stays as it was, while read_page still reads; a navigation denied in a run is listed and can be removed.
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import type { FakeLlm } from '../fake-llm';
import { serveStatic, type StaticServer } from '../harness/serve-static';
import { finished, toolResult } from '../security/scenario-helpers';
import {
  addFakeProvider,
  chatRequests,
  expect,
  openPanel,
  openSettingsSection,
  sendChat,
  test,
  toolCall,
  toolCard,
} from './fixtures';

const form = readFileSync(new URL('../security/fixtures/approval-form.html', import.meta.url), 'utf8');
let site: StaticServer;
test.beforeAll(async () => {
  site = await serveStatic({ '/form.html': form, '/done': '<p>Ordered</p>' });
});
test.afterAll(async () => {
  await site?.close();
});

async function openForm(context: BrowserContext, extensionId: string, llm: FakeLlm, extPage: Page) {
  await addFakeProvider(extPage, llm);
  const page = await context.newPage();
  await page.goto(`${site.url}/form.html`);
  const panel = await openPanel(context, extensionId);
  return { page, panel };
}

const permissions = (extPage: Page) => extPage.getByRole('region', { name: 'Permissions' });

test('a grant given on a card is listed with its tool, site and time; Revoke brings the card back', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  const { page, panel } = await openForm(context, extensionId, llm, extPage);
  await openSettingsSection(extPage, extensionId, 'permissions');
  await expect(permissions(extPage)).toContainText('Nothing is always allowed.');

  llm.enqueue(toolCall('get_form_state'), toolCall('fill_form', { updates: { fullName: 'Ada' } }), {
    text: ['Filled.'],
  });
  await sendChat(panel, 'Fill my name');
  await toolCard(panel, 'fill_form').getByRole('button', { name: 'Always allow on this site' }).click();
  await finished(panel);
  await expect.poll(() => page.locator('#fullName').inputValue()).toBe('Ada');

  await openSettingsSection(extPage, extensionId, 'permissions');
  const grant = permissions(extPage).locator('li[data-grant="fill_form"]');
  await expect(grant).toHaveCount(1);
  await expect(grant.locator('.grant-tool')).toHaveText('Fill the form');
  await expect(grant.locator('.grant-site')).toHaveText(site.url);
  await expect(grant.locator('.grant-when')).toContainText(/given .*\d/);

  // Still granted: the next fill on the site runs without a card.
  llm.enqueue(toolCall('get_form_state'), toolCall('fill_form', { updates: { fullName: 'Bea' } }), {
    text: ['Filled again.'],
  });
  await sendChat(panel, 'Now Bea');
  await finished(panel);
  await expect.poll(() => page.locator('#fullName').inputValue()).toBe('Bea');
  await expect(toolCard(panel, 'fill_form').last()).toHaveAttribute('data-status', 'done');
  await expect(toolCard(panel, 'fill_form').last().locator('.approval')).toHaveCount(0);

  await grant.getByRole('button', { name: `Revoke Fill the form on ${site.url}` }).click();
  await expect(permissions(extPage).getByRole('status')).toContainText('will ask again');
  await expect(grant).toHaveCount(0);
  await expect(permissions(extPage)).toContainText('Nothing is always allowed.');

  // Revoked at once: the next fill there waits on a card again.
  llm.enqueue(toolCall('get_form_state'), toolCall('fill_form', { updates: { fullName: 'Cy' } }), {
    text: ['Not filled.'],
  });
  await sendChat(panel, 'Now Cy');
  const asked = toolCard(panel, 'fill_form').last();
  await expect(asked).toHaveAttribute('data-status', 'awaiting-approval');
  await expect(asked.getByRole('button', { name: 'Approve' })).toBeVisible();
  await asked.getByRole('button', { name: 'Deny' }).click();
  await finished(panel);
  expect(await page.locator('#fullName').inputValue()).toBe('Bea');
});

test('read only on: a fill and a click are refused on their cards and the page is unchanged; read_page still reads', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  const { page, panel } = await openForm(context, extensionId, llm, extPage);
  await openSettingsSection(extPage, extensionId, 'permissions');
  await permissions(extPage).getByRole('checkbox', { name: 'Read only' }).check();
  await expect(permissions(extPage).getByRole('status')).toHaveText('Read only is on.');
  await panel.reload();
  await expect(panel.locator('.read-only-note')).toContainText('Read only is on');

  llm.enqueue(
    toolCall('read_page'),
    toolCall('get_form_state'),
    toolCall('fill_form', { updates: { fullName: 'Mallory' } }),
    toolCall('click', { key: 'place-order' }),
    { text: ['I could only read.'] },
  );
  await sendChat(panel, 'Fill and order');
  await finished(panel);

  expect(toolResult(llm, 'read_page')).toContain('Order');
  expect(toolResult(llm, 'get_form_state')).toContain('fullName');
  for (const tool of ['fill_form', 'click']) {
    const c = toolCard(panel, tool);
    await expect(c).toHaveAttribute('data-status', 'error');
    await expect(c.locator('.tool-refused')).toHaveText('Read only is on, so this did not run.');
    await expect(c.locator('.approval')).toHaveCount(0);
    expect(toolResult(llm, tool)).toMatch(/^Refused: read only is on/);
  }
  expect(await page.locator('#fullName').inputValue()).toBe('');
  await expect(page).toHaveURL(`${site.url}/form.html`);
  // What the model is offered leaves the writes out.
  const offered = (chatRequests(llm).at(-1)!.body as { tools?: { function: { name: string } }[] }).tools ?? [];
  const names = offered.map((t) => t.function.name);
  expect(names).toContain('read_page');
  expect(names).not.toContain('fill_form');
  expect(names).not.toContain('click');

  // Off again: the panel's note goes.
  await permissions(extPage).getByRole('checkbox', { name: 'Read only' }).uncheck();
  await expect(permissions(extPage).getByRole('status')).toHaveText('Read only is off.');
  await panel.reload();
  await expect(panel.locator('.read-only-note')).toHaveCount(0);
});

test('a navigation denied in a run is listed with its conversation and time, and can be removed', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  const { panel } = await openForm(context, extensionId, llm, extPage);
  await openSettingsSection(extPage, extensionId, 'permissions');
  await expect(permissions(extPage)).toContainText('No sites denied.');
  llm.enqueue(toolCall('navigate', { url: 'https://elsewhere.example/' }), { text: ['Not going.'] });
  await sendChat(panel, 'Go elsewhere');
  await toolCard(panel, 'navigate').getByRole('button', { name: 'Deny' }).click();
  await finished(panel);

  await openSettingsSection(extPage, extensionId, 'permissions');
  const denied = permissions(extPage).locator('li[data-denied="https://elsewhere.example"]');
  await expect(denied).toHaveCount(1);
  await expect(denied.locator('.denied-where')).toContainText('denied ');
  await expect(denied.locator('.denied-where')).toContainText(/in “.*”/);
  await denied.getByRole('button', { name: 'Remove the denial of https://elsewhere.example' }).click();
  await expect(denied).toHaveCount(0);
  await expect(permissions(extPage)).toContainText('No sites denied.');
  await openSettingsSection(extPage, extensionId, 'permissions');
  await expect(permissions(extPage)).toContainText('No sites denied.');
});
