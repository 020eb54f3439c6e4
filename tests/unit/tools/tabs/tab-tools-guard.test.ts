/**
 * The tab tools with the run origin guard: a fake web where `/go?to=X` redirects to X, and a fake
 * declarativeNetRequest that applies the guard's rules to every document request, as Chrome would.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, type Tool, type ToolContext } from '../../../../lib/tools/define-tool';
import { ToolError } from '../../../../lib/tools/tool-error';
import { createTabTools } from '../../../../lib/tools/tabs/create-tab-tools';
import { createRunOriginGuard } from '../../../../lib/tools/tabs/run-origin-rules';
import { createRunTabsStore } from '../../../../lib/tools/tabs/run-tabs-store';
import { HOP_GRACE_MS } from '../../../../lib/tools/tabs/navigation-steps';
import { createFakeTabBrowser } from './fake-tab-browser';
import { area, fakeRules } from './fake-session-rules';

function setup() {
  const dnr = fakeRules();
  const guard = createRunOriginGuard({ rules: dnr.api, area: area() });
  const fake = createFakeTabBrowser([
    { id: 1, url: 'https://bank.example/statement', title: 'Statement', windowId: 1 },
    { id: 2, url: 'https://news.example/', title: 'News', windowId: 1 },
  ]);
  /** Every request that left the browser, by URL. */
  const sent: string[] = [];
  /** Loads `url` in the tab as Chrome would: each hop of a redirect is a request the rules may stop. */
  const load = (tabId: number, url: string) => {
    let next: string | undefined = url;
    while (next) {
      if (!dnr.allows(tabId, next)) {
        guard.blocked(tabId, next);
        break;
      }
      sent.push(next);
      const u: URL = new URL(next);
      next = u.pathname === '/go' ? (u.searchParams.get('to') ?? undefined) : undefined;
    }
  };
  const navigate = fake.browser.navigate;
  fake.browser.navigate = async (id, url) => {
    await navigate(id, url);
    load(id, url);
  };
  const goBack = fake.browser.goBack;
  fake.browser.goBack = async (id) => {
    await goBack(id);
    load(id, fake.open.get(id)!.url);
  };
  /** A click on the page that sets off a navigation (a link to `href`). */
  let clickGoesTo: string | undefined;
  const click = defineTool({
    name: 'click',
    input: z.object({}),
    runsIn: 'page',
    readOnly: false,
    needsApproval: true,
    execute: (_i, ctx) => {
      if (clickGoesTo) load(ctx.tabId!, clickGoesTo);
      return 'Clicked.';
    },
  }) as Tool;
  const read = defineTool({
    name: 'read_page',
    input: z.object({}),
    runsIn: 'page',
    readOnly: true,
    execute: () => 'Page text',
  }) as Tool;
  const tools = createTabTools([read, click], {
    store: createRunTabsStore(area()),
    facts: async () => ({ mentionedTabIds: [], deniedOrigins: [], title: 'Run' }),
    browser: fake.browser,
    guard,
  });
  const tool = (name: string) => tools.find((t) => t.name === name)!;
  const ctx: ToolContext = {
    runId: 'r1',
    toolCallId: 'c1',
    signal: new AbortController().signal,
    tabId: 1,
    site: 'https://bank.example',
    agentPath: [],
    delegate: async () => '',
    now: () => Date.now(),
  };
  const run = async (name: string, input: unknown, extra: Partial<ToolContext> = {}) =>
    tool(name).execute(tool(name).input.parse(input), { ...ctx, ...extra });
  return {
    dnr,
    guard,
    fake,
    sent,
    run,
    navigate,
    load,
    setClick: (href: string | undefined) => {
      clickGoesTo = href;
    },
  };
}

const SECRET_URL = 'https://evil.example/?s=SECRET';

describe('tab tools behind the run origin guard', () => {
  it('navigate to a known origin that redirects elsewhere: the hop is stopped before it leaves and the call says where it went', async () => {
    const { run, sent, dnr } = setup();
    const error = await run('navigate', { url: `https://bank.example/go?to=${encodeURIComponent(SECRET_URL)}` }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ToolError);
    expect((error as Error).message).toBe(
      'The page redirected to https://evil.example, which this run has not been approved for; the request was stopped before it left. Call navigate with that address if it is needed: the user will be asked.',
    );
    expect(sent.filter((u) => u.startsWith('https://evil.example'))).toEqual([]);
    expect(sent).toEqual([`https://bank.example/go?to=${encodeURIComponent(SECRET_URL)}`]);
    // The user's other tab is not the run's: nothing there is blocked.
    expect(dnr.allows(2, SECRET_URL)).toBe(true);
  });

  it('a page that hops after its load, later than the grace on a busy machine, is still reported by the navigate that brought it', async () => {
    const { run, sent, fake, load } = setup();
    fake.onceLoaded(async (tabId) => {
      // The page's meta refresh fires well after the worker's grace would have ended, as on a loaded CI machine.
      await new Promise((r) => setTimeout(r, HOP_GRACE_MS + 200));
      load(tabId, SECRET_URL);
      return true;
    });
    await expect(run('navigate', { url: 'https://bank.example/hop-meta' })).rejects.toThrow(
      /^The page redirected to https:\/\/evil\.example, which this run has not been approved for/,
    );
    expect(sent.some((u) => u.startsWith('https://evil.example'))).toBe(false);
  });

  it('navigate to the new origin itself (approved on its card) goes through, and a redirect among approved origins too', async () => {
    const { run, sent } = setup();
    expect(await run('navigate', { url: SECRET_URL })).toMatch(/Navigated/);
    expect(sent).toEqual([SECRET_URL]);
    expect(
      await run('navigate', { url: `https://bank.example/go?to=${encodeURIComponent('https://evil.example/b')}` }),
    ).toMatch(/Navigated/);
    expect(sent.at(-1)).toBe('https://evil.example/b');
  });

  it('open_tab guards the new tab before it loads anything', async () => {
    const { run, sent, fake } = setup();
    await expect(
      run('open_tab', { url: `https://bank.example/go?to=${encodeURIComponent(SECRET_URL)}` }),
    ).rejects.toThrow(/redirected to https:\/\/evil\.example.*stopped before it left/);
    expect(sent.some((u) => u.startsWith('https://evil.example'))).toBe(false);
    expect(fake.open.has(100)).toBe(true);
  });

  it('a click that sets off a hop is guarded on the origin it acted on, and reports the hop', async () => {
    const { run, sent, setClick } = setup();
    setClick(`https://bank.example/go?to=${encodeURIComponent(SECRET_URL)}`);
    await expect(run('click', {}, { target: { origin: 'https://bank.example' } })).rejects.toThrow(
      /^click was done\. The page redirected to https:\/\/evil\.example/,
    );
    expect(sent.some((u) => u.startsWith('https://evil.example'))).toBe(false);
    setClick('https://bank.example/next');
    expect(await run('click', {}, { target: { origin: 'https://bank.example' } })).toBe('Clicked.');
    expect(sent.at(-1)).toBe('https://bank.example/next');
  });

  it('a hop stopped after a call returned is reported by the next call on that tab, once', async () => {
    const { run, guard } = setup();
    await run('navigate', { url: 'https://bank.example/page' });
    guard.blocked(1, 'https://evil.example/late?s=SECRET');
    await expect(run('read_page', {})).rejects.toThrow(/redirected to https:\/\/evil\.example/);
    expect(await run('read_page', {})).toBe('Page text');
  });

  it("going back (approved) into the user's own history on another site is let through, and that site joins the run", async () => {
    const { run, sent, dnr, fake, navigate } = setup();
    // Before the run, the user came to the statement from another site.
    Object.assign(fake.open.get(1)!, { url: 'https://news.example/' });
    await navigate(1, 'https://bank.example/statement');
    sent.length = 0;
    await run('click', {}, { target: { origin: 'https://bank.example' } });
    expect(dnr.allows(1, 'https://news.example/')).toBe(false);
    expect(await run('go_back', {})).toMatch(/Went back: .*news\.example/);
    expect(sent).toEqual(['https://news.example/']);
    // Guarded again, with the page it went back to in the run.
    expect(dnr.allows(1, 'https://news.example/x')).toBe(true);
    expect(dnr.allows(1, SECRET_URL)).toBe(false);
  });

  it('a go_back that cannot go anywhere leaves the tab guarded', async () => {
    const { run, dnr } = setup();
    await run('click', {}, { target: { origin: 'https://bank.example' } });
    await expect(run('go_back', {})).rejects.toThrow(/no earlier page/);
    expect(dnr.allows(1, SECRET_URL)).toBe(false);
  });

  it('reading alone guards nothing', async () => {
    const { run, dnr } = setup();
    expect(await run('read_page', {})).toBe('Page text');
    expect(dnr.rules).toEqual([]);
  });
});
