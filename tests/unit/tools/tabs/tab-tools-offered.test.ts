import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, type Tool, type ToolContext } from '../../../../lib/tools/define-tool';
import { canScriptUrl } from '../../../../lib/tools/tabs/can-script-url';
import { createTabTools } from '../../../../lib/tools/tabs/create-tab-tools';
import { createRunTabsStore } from '../../../../lib/tools/tabs/run-tabs-store';
import { createFakeTabBrowser } from './fake-tab-browser';

const area = () => {
  const m = new Map<string, unknown>();
  return {
    get: async (k: string) => (m.has(k) ? { [k]: m.get(k) } : {}),
    set: async (o: Record<string, unknown>) => {
      for (const [k, v] of Object.entries(o)) m.set(k, v);
    },
  };
};

const pageTool = (name: string) =>
  defineTool({ name, input: z.object({}), runsIn: 'page', readOnly: true, execute: () => 'read' }) as Tool;

function setup(startTab: number | undefined, mentionedTabIds: number[] = []) {
  const fake = createFakeTabBrowser([
    { id: 1, url: 'https://shop.example/cart', title: 'Cart', windowId: 1 },
    { id: 2, url: 'chrome://settings/', title: 'Settings', windowId: 1 },
    { id: 3, url: 'https://chromewebstore.google.com/detail/x', title: 'Store', windowId: 1 },
  ]);
  const tools = createTabTools([pageTool('read_page'), pageTool('get_page_state')], {
    store: createRunTabsStore(area()),
    facts: async () => ({ mentionedTabIds, deniedOrigins: [], title: 'Run' }),
    browser: fake.browser,
  });
  const ctx: ToolContext = {
    runId: 'r1',
    toolCallId: '',
    signal: new AbortController().signal,
    ...(startTab === undefined ? {} : { tabId: startTab }),
    agentPath: [],
    delegate: async () => '',
    now: () => Date.now(),
  };
  /** Names offered now, with one context for the whole request as the runtime passes it. */
  const offered = async () => {
    const keep = await Promise.all(tools.map(async (t) => (t.offered ? t.offered(ctx) : true)));
    return tools.filter((_, i) => keep[i]).map((t) => t.name);
  };
  const run = async (name: string, input: unknown) => {
    const t = tools.find((x) => x.name === name)!;
    return t.execute(t.input.parse(input), { ...ctx, toolCallId: 'c' });
  };
  return { offered, run };
}

describe('tab and page tools offered only when they can apply', () => {
  it('on a web page with one tab: page tools, navigate, go_back, open_tab and wait_for; no switch_tab, no close_tab', async () => {
    const { offered } = setup(1);
    expect(await offered()).toEqual(['read_page', 'get_page_state', 'navigate', 'go_back', 'open_tab', 'wait_for']);
  });

  it('on a page the extension may not script (chrome:, the Web Store) or with no page: no page tools', async () => {
    for (const start of [2, 3, undefined]) {
      const names = await setup(start).offered();
      expect(names).not.toContain('read_page');
      expect(names).not.toContain('get_page_state');
      expect(names).not.toContain('wait_for');
      expect(names).toContain('navigate');
      expect(names).toContain('open_tab');
    }
  });

  it('after open_tab: page tools on the new page, switch_tab and close_tab', async () => {
    const { offered, run } = setup(2);
    await run('open_tab', { url: 'https://docs.example/a' });
    expect(await offered()).toEqual(expect.arrayContaining(['read_page', 'switch_tab', 'close_tab', 'wait_for']));
  });

  it('a mentioned tab makes switch_tab worth offering, not close_tab (the user opened it)', async () => {
    const names = await setup(1, [3]).offered();
    expect(names).toContain('switch_tab');
    expect(names).not.toContain('close_tab');
  });

  it('canScriptUrl: web pages and files yes; browser pages, extension pages and the Web Store no', () => {
    expect(canScriptUrl('https://example.com/')).toBe(true);
    expect(canScriptUrl('http://127.0.0.1:8080/x')).toBe(true);
    expect(canScriptUrl('file:///home/me/a.html')).toBe(true);
    for (const url of [
      'chrome://newtab/',
      'about:blank',
      'chrome-extension://abc/sidepanel.html',
      'https://chromewebstore.google.com/detail/abc',
      'https://chrome.google.com/webstore/detail/abc',
      'not a url',
      undefined,
    ])
      expect(canScriptUrl(url)).toBe(false);
    expect(canScriptUrl('https://chrome.google.com/search')).toBe(true);
  });
});
