/**
 * "Use the tools sites offer" set by the organisation, end to end: Chromium reads a real policy file and Tabwise
 * applies it. Forced off, the switch is locked off and a page's script tools are never heard, whatever the user's
 * own setting says; forced on, the switch is locked on and the storefront's script tools are listed (and still
 * carded) without the user turning anything on.
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { FakeLlm } from '../fake-llm';
import { serveFixturePages, type FixtureServer } from '../fixtures/pages';
import { unwrapUntrusted } from '../security/untrusted-block';
import {
  addFakeProvider,
  assistantMessages,
  callBackground,
  chatRequests,
  openPanel,
  openSettingsSection,
  sendChat,
  toolCall,
  toolResults,
} from './fixtures';
import { expect, test } from './policy-fixtures';

let pages: FixtureServer;
test.beforeAll(async () => {
  pages = await serveFixturePages();
});
test.afterAll(async () => {
  await pages?.close();
});

const relayRegistered = async (page: Page) =>
  (await page.evaluate(() => chrome.scripting.getRegisteredContentScripts({ ids: ['tabwise-webmcp-relay'] }))).length >
  0;

/** The switch in Settings → Tools, and its row. */
async function siteToolsSwitch(extPage: Page, extensionId: string) {
  await openSettingsSection(extPage, extensionId, 'tools');
  const section = extPage.getByRole('region', { name: 'Tools' });
  return {
    row: section.locator('.site-tools'),
    box: section.getByRole('checkbox', { name: /Use the tools sites offer/ }),
  };
}

/** The names the storefront's snapshot lists in pageTools, after a run that only takes one. */
async function listedTools(context: BrowserContext, extensionId: string, extPage: Page, llm: FakeLlm) {
  await addFakeProvider(extPage, llm);
  const page = await context.newPage();
  await page.goto(`${pages.url}webmcp-store.html`);
  await expect(page.locator('#state')).not.toBeEmpty();
  const panel = await openPanel(context, extensionId);
  llm.enqueue(toolCall('get_page_state'), { text: ['Done.'] });
  await sendChat(panel, 'What can this page do?');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  const [snapshot] = toolResults(chatRequests(llm, '/v1/chat/completions').at(-1)!.body);
  return (JSON.parse(unwrapUntrusted(snapshot!)) as { pageTools: { name: string }[] }).pageTools.map((t) => t.name);
}

test.describe('forced off', () => {
  test.use({ initialPolicy: { useSiteTools: false } });

  test('the switch is locked off with who set it, and the user’s own "on" makes no page heard', async ({
    context,
    extensionId,
    extPage,
    llm,
  }) => {
    // The user's own setting says on (as an import or an older version would have left it).
    await callBackground(extPage, 'settings.update', { useSiteTools: true });
    const { row, box } = await siteToolsSwitch(extPage, extensionId);
    await expect(box).toBeDisabled();
    await expect(box).not.toBeChecked();
    await expect(row).toContainText('Set by your organisation');
    const org = extPage.getByRole('region', { name: 'Managed by your organisation' });
    await expect(org.locator('[data-policy="useSiteTools"] dd')).toHaveText('Off');
    expect(await relayRegistered(extPage)).toBe(false);
    expect(await listedTools(context, extensionId, extPage, llm)).toEqual(['search_products', 'checkout']);
  });
});

test.describe('forced on', () => {
  test.use({ initialPolicy: { useSiteTools: true } });

  test('the switch is locked on, and the storefront’s script tools are listed without the user turning it on', async ({
    context,
    extensionId,
    extPage,
    llm,
  }) => {
    const { row, box } = await siteToolsSwitch(extPage, extensionId);
    await expect(box).toBeDisabled();
    await expect(box).toBeChecked();
    await expect(row).toContainText('Set by your organisation');
    expect(
      (await callBackground<{ useSiteTools?: boolean }>(extPage, 'settings.get', {})).useSiteTools,
    ).toBeUndefined();
    await expect.poll(() => relayRegistered(extPage)).toBe(true);
    expect(await listedTools(context, extensionId, extPage, llm)).toEqual([
      'search_products',
      'checkout',
      'get_cart',
      'add_to_cart',
    ]);
  });
});
