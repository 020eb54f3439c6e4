import { describe, expect, it } from 'vitest';
import { defineTool, type Tool, type ToolContext } from '../../../../lib/tools/define-tool';
import { ToolError } from '../../../../lib/tools/tool-error';
import { createTabTools } from '../../../../lib/tools/tabs/create-tab-tools';
import { createRunTabsStore } from '../../../../lib/tools/tabs/run-tabs-store';
import type { RunFacts } from '../../../../lib/tools/tabs/run-tab-access';
import { z } from 'zod';
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

/** A page tool that answers which tab and frame it was sent to. */
const probe = (name: string) =>
  defineTool({
    name,
    input: z.object({}),
    runsIn: 'page',
    readOnly: true,
    execute: (_i, ctx) => ({ tabId: ctx.tabId, frameId: ctx.frameId }),
  }) as Tool;

/** get_page_state: lists e1 and records where each snapshot was taken. */
const snapshotsAt: Array<{ tabId?: number; frameId?: number }> = [];
const pageState = defineTool({
  name: 'get_page_state',
  input: z.object({}).passthrough(),
  runsIn: 'page',
  readOnly: true,
  execute: (_i, ctx) => {
    snapshotsAt.push({ tabId: ctx.tabId, frameId: ctx.frameId });
    return { elements: [{ ref: 'e1' }] };
  },
}) as Tool;

function setup(facts: Partial<RunFacts> = {}) {
  const fake = createFakeTabBrowser([
    { id: 1, url: 'https://shop.example/cart', title: 'Cart', windowId: 1 },
    { id: 2, url: 'https://mail.example/inbox', title: 'Inbox', windowId: 1 },
    { id: 3, url: 'https://bank.example/', title: 'Bank', windowId: 1 },
  ]);
  const runFacts: RunFacts = { mentionedTabIds: [], deniedOrigins: [], title: 'Order lookup', ...facts };
  const tools = createTabTools([probe('read_page'), probe('click'), pageState], {
    store: createRunTabsStore(area()),
    facts: async () => runFacts,
    browser: fake.browser,
  });
  const tool = (name: string) => tools.find((t) => t.name === name)!;
  const ctx: ToolContext = {
    runId: 'r1',
    toolCallId: 'c1',
    signal: new AbortController().signal,
    tabId: 1,
    frameId: 4,
    site: 'https://shop.example',
    agentPath: [],
    delegate: async () => '',
    now: () => Date.now(),
  };
  const run = async (name: string, input: unknown) => tool(name).execute(tool(name).input.parse(input), ctx);
  const refusal = async (name: string, input: unknown) => {
    try {
      const t = tool(name);
      const parsed = t.input.parse(input);
      if (t.locate) await t.locate(parsed, ctx);
      await t.execute(parsed, ctx);
    } catch (error) {
      expect(error).toBeInstanceOf(ToolError);
      return (error as Error).message;
    }
    throw new Error(`${name} was not refused`);
  };
  return { fake, tool, ctx, run, refusal };
}

describe('tab tools', () => {
  it('refuses javascript:, data:, file:, chrome: and chrome-extension: addresses before anything is asked', async () => {
    const { refusal, fake } = setup();
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'file:///etc/passwd',
      'chrome://settings',
      'chrome-extension://abc/page.html',
    ]) {
      expect(await refusal('navigate', { url })).toMatch(/only http and https/);
      expect(await refusal('open_tab', { url })).toMatch(/only http and https/);
    }
    expect(await refusal('navigate', { url: 'https://user:pw@bank.example/' })).toMatch(/user name or password/);
    expect(fake.open.get(1)!.url).toBe('https://shop.example/cart');
    expect(fake.open.size).toBe(3);
  });

  it('asks only for an origin new to the run, and an origin the user denied stays refused', async () => {
    const { tool, ctx, refusal } = setup({ deniedOrigins: ['https://evil.example'] });
    const nav = tool('navigate');
    expect(await nav.asksFor!({ url: 'https://shop.example/other' }, ctx)).toBe(false);
    expect(await nav.asksFor!({ url: 'https://new.example/' }, ctx)).toBe(true);
    expect(await nav.locate!({ url: 'https://new.example/x' }, ctx)).toMatchObject({ origin: 'https://new.example' });
    expect(await refusal('navigate', { url: 'https://evil.example/again' })).toMatch(
      /denied going to https:\/\/evil\.example/,
    );
  });

  it('navigate moves the run tab, remembers the origin, and go_back returns', async () => {
    const { run, fake, tool, ctx } = setup();
    expect(await run('navigate', { url: 'https://new.example/a' })).toMatch(
      /tab 1: .* <https:\/\/new\.example\/a>.*get_page_state/,
    );
    expect(fake.open.get(1)!.url).toBe('https://new.example/a');
    expect(await tool('navigate').asksFor!({ url: 'https://new.example/b' }, ctx)).toBe(false);
    // Back over a page the run navigated to stays in the run: not asked. Back beyond it is the user's history: asked.
    expect(await tool('go_back').asksFor!({}, ctx)).toBe(false);
    expect(await run('go_back', {})).toMatch(/<https:\/\/shop\.example\/cart>/);
    expect(await tool('go_back').asksFor!({}, ctx)).toBe(true);
    await expect(run('go_back', {})).rejects.toThrow(/no earlier page/);
  });

  it('open_tab groups the tab under the run title, makes it the run tab, and page tools follow it', async () => {
    const { run, fake } = setup();
    expect(await run('read_page', {})).toEqual({ tabId: 1, frameId: 4 });
    expect(await run('open_tab', { url: 'https://docs.example/a' })).toMatch(/Opened tab 100: .*in the background/);
    expect(await run('open_tab', { url: 'https://docs.example/b', active: true })).toMatch(/Opened tab 101/);
    expect([...fake.groups.values()]).toEqual([{ title: 'Order lookup', tabIds: [100, 101] }]);
    // The frame the run started in belongs to its start tab: another tab is read from its top frame.
    expect(await run('read_page', {})).toEqual({ tabId: 101, frameId: undefined });
    expect(await run('click', {})).toEqual({ tabId: 101, frameId: undefined });
    expect(await run('switch_tab', { tabId: 1 })).toMatch(/tab 1: Cart/);
    expect(await run('click', {})).toEqual({ tabId: 1, frameId: 4 });
  });

  it('close_tab closes only tabs the run opened, with a reason otherwise', async () => {
    const { run, refusal, fake } = setup({ mentionedTabIds: [2] });
    await run('open_tab', { url: 'https://docs.example/a' });
    expect(await refusal('close_tab', { tabId: 2 })).toMatch(/tab 2 was not opened by this run.*tabs 100/);
    expect(await refusal('close_tab', { tabId: 1 })).toMatch(/tab 1 was not opened by this run/);
    expect(fake.open.has(2) && fake.open.has(1)).toBe(true);
    expect(await run('close_tab', { tabId: 100 })).toMatch(/Closed tab 100\. The run now acts on tab 1/);
    expect(fake.open.has(100)).toBe(false);
  });

  it("wait_for a ref on a tab the run switched to snapshots that tab from its top frame, not the start tab's frame", async () => {
    const { run } = setup({ mentionedTabIds: [2] });
    await run('switch_tab', { tabId: 2 });
    snapshotsAt.length = 0;
    expect(await run('wait_for', { ref: 'e1', timeout_ms: 300 })).toMatch(/Done after/);
    expect(snapshotsAt).toEqual([{ tabId: 2, frameId: undefined }]);
  });

  it('reads and switches only to the start tab, opened tabs and mentioned tabs', async () => {
    const { run, refusal } = setup({ mentionedTabIds: [2] });
    expect(await run('read_page', { tabId: 2 })).toEqual({ tabId: 2, frameId: undefined });
    expect(await refusal('read_page', { tabId: 3 })).toMatch(/tab 3 is not one this run may use.*tabs 1, 2/);
    expect(await refusal('switch_tab', { tabId: 3 })).toMatch(/tab 3 is not one this run may use/);
    expect(await run('switch_tab', { tabId: 2 })).toMatch(/tab 2: Inbox/);
    // tabId is only for reads: an action's input does not take one.
    expect(() => setup().tool('click').input.parse({ tabId: 2 })).not.toThrow();
  });

  it('wait_for takes exactly one condition and says what timed out', async () => {
    const { run, tool, fake } = setup();
    expect(tool('wait_for').input.safeParse({ text: 'a', url: 'b' }).success).toBe(false);
    expect(tool('wait_for').input.safeParse({}).success).toBe(false);
    fake.answerPageWaits(() => false);
    await expect(run('wait_for', { text: 'Order confirmed', timeout_ms: 300 })).rejects.toThrow(
      'wait_for timed out after 300 ms waiting for the text "Order confirmed" to appear in tab 1 <https://shop.example/cart>.',
    );
    fake.answerPageWaits(() => true);
    expect(await run('wait_for', { network_idle: true })).toMatch(/network to be idle/);
    expect(fake.waits.at(-1)).toMatchObject({ wait: { kind: 'network_idle', quietMs: 500 }, timeoutMs: 5000 });
    expect(await run('wait_for', { url: '/cart' })).toMatch(/Done after/);
    await expect(run('wait_for', { url: '/checkout', timeout_ms: 100 })).rejects.toThrow(
      /timed out after 100 ms waiting for the tab to be on an address containing "\/checkout"/,
    );
  });
  it('shows in English, on the approval card, where navigate, go_back and open_tab would go', async () => {
    const { tool, ctx } = setup();
    expect(await tool('navigate').preview!({ url: 'https://docs.example/a' }, ctx)).toBe(
      'Go to https://docs.example/a\nin tab 1 (now on https://shop.example)',
    );
    expect(await tool('go_back').preview!({}, ctx)).toBe(
      'Go back to the page before https://shop.example\nin tab 1 (a page from before this run, on a site it may not have visited)',
    );
    expect(await tool('open_tab').preview!({ url: 'https://docs.example/b', active: true }, ctx)).toBe(
      'Open a new tab on https://docs.example/b (in front)',
    );
    expect(await tool('open_tab').preview!({ url: 'https://docs.example/b' }, ctx)).toBe(
      'Open a new tab on https://docs.example/b (in the background)',
    );
  });
});
