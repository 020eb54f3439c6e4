import { describe, expect, it } from 'vitest';
import type { PageCommandName } from '../../../../lib/page/page-command';
import type { PageRouteResult, PageToolCall, RouteToPage } from '../../../../lib/tools/page/page-router';
import { isPageGone } from '../../../../lib/tools/page/page-gone-error';
import { ToolError } from '../../../../lib/tools/tool-error';
import type { ToolContext } from '../../../../lib/tools/define-tool';
import { formatFillPreview } from '../../../../lib/tools/page/format-fill-preview';
import { createPageTools } from '../../../../lib/tools/page/page-tools';
import { createLocalFileRefusal, FILE_ACCESS_OFF } from '../../../../lib/tools/page/read-document-tab';

const ctx = {
  runId: 'r1',
  toolCallId: 't1',
  signal: new AbortController().signal,
  tabId: 3,
  agentPath: [],
  delegate: async () => '',
  now: () => 0,
} satisfies ToolContext;

/** A router that answers every command with `answer` (the page's output is not checked in this fake). */
const routeAnswering =
  (answer: (call: PageToolCall) => PageRouteResult): RouteToPage =>
  async <K extends PageCommandName>(call: PageToolCall<K>) =>
    answer(call) as PageRouteResult<K>;

describe('createPageTools', () => {
  it('declares the page tools and the actions; the consequential ones need approval, and each executes through its router', async () => {
    const calls: PageToolCall[] = [];
    const tools = createPageTools({
      routeToPage: routeAnswering((call) => {
        calls.push(call);
        return { ok: true, output: { ok: true, key: call.toolName } };
      }),
    });
    expect(tools.map((t) => [t.name, t.runsIn, t.readOnly, t.needsApproval, t.alwaysAsk ?? false])).toEqual([
      ['read_page', 'page', true, false, false],
      ['get_page_state', 'page', true, false, false],
      ['get_form_state', 'page', true, false, false],
      ['fill_form', 'page', false, true, false],
      ['click', 'page', false, true, true],
      ['submit_form', 'page', false, true, true],
      ['type', 'page', false, true, false],
      ['select', 'page', false, true, false],
      ['set_value', 'page', false, true, false],
      ['press', 'page', false, true, true],
      ['focus', 'page', true, false, false],
      ['hover', 'page', true, false, false],
      ['scroll', 'page', true, false, false],
      ['fill_password', 'page', false, true, true],
      ['screenshot', 'page', true, false, false],
      // Asked per call as the page tool it names says (call-page-tool-tool.test.ts).
      ['call_page_tool', 'page', false, true, false],
    ]);
    // fill_password runs only with a password from the user's card, screenshot captures a tab, call_page_tool
    // names a page tool (their own tests).
    tools.splice(-3);
    for (const t of tools)
      expect(await t.execute({ key: 'k' }, ctx)).toEqual({ ok: true, key: calls.at(-1)?.toolName });
    const acts = new Set(['type', 'select', 'set_value', 'press', 'focus', 'hover', 'scroll']);
    // The actions all travel as the page's act command, with the tool's name as the action.
    expect(calls.map((c) => [c.toolName, c.toolCallId])).toEqual(
      tools.map((t) => [acts.has(t.name) ? 'act' : t.name, 't1']),
    );
    expect(calls.filter((c) => c.toolName === 'act').map((c) => c.input)).toEqual(
      [...acts].map((action) => ({ key: 'k', action })),
    );
  });

  it("throws what the model should read when the route fails: the page's own error, or the page being gone", async () => {
    const [readPage] = createPageTools({
      routeToPage: routeAnswering(() => ({ ok: false, reason: 'tool-error', message: 'click failed: gone' })),
    });
    const own: unknown = await Promise.resolve(readPage!.execute({}, ctx)).catch((e: unknown) => e);
    expect(own).toBeInstanceOf(ToolError);
    expect(isPageGone(own)).toBe(false);
    expect(own).toMatchObject({ message: 'click failed: gone', outcome: 'error' });
    const [readClosed] = createPageTools({ routeToPage: routeAnswering(() => ({ ok: false, reason: 'tab-closed' })) });
    await expect(Promise.resolve(readClosed!.execute({}, ctx))).rejects.toMatchObject({
      message: 'read_page failed: The tab was closed before the tool could finish.',
      outcome: 'page-gone',
    });
  });

  it('read_page on a local file the user has not allowed says how to allow it; any other failure stays its own', async () => {
    const failing = routeAnswering(() => ({ ok: false, reason: 'no-receiver', message: 'Cannot access contents' }));
    const urls: Record<number, string> = { 3: 'file:///home/ada/minutes.pdf', 4: 'https://example.com/a.pdf' };
    let allowed = false;
    const [readPage] = createPageTools({
      routeToPage: failing,
      localFileRefusal: createLocalFileRefusal({
        tabUrl: async (tabId) => urls[tabId],
        isFileAccessAllowed: async () => allowed,
      }),
    });
    await expect(Promise.resolve(readPage!.execute({}, ctx))).rejects.toMatchObject({ message: FILE_ACCESS_OFF });
    expect(FILE_ACCESS_OFF).toContain('chrome://extensions');
    expect(FILE_ACCESS_OFF).toContain('"Allow access to file URLs"');
    await expect(Promise.resolve(readPage!.execute({}, { ...ctx, tabId: 4 }))).rejects.toMatchObject({
      message: expect.stringContaining('Cannot access contents'),
    });
    allowed = true;
    await expect(Promise.resolve(readPage!.execute({}, ctx))).rejects.toMatchObject({
      message: expect.stringContaining('Cannot access contents'),
    });
  });

  it("previews a fill with each field's label, current and new value, read from the page", async () => {
    const calls: PageToolCall[] = [];
    const route = routeAnswering((call) => {
      calls.push(call);
      return {
        ok: true,
        output: {
          fullName: { label: 'Full name', value: '' },
          newsletter: { label: 'Newsletter', value: false },
          admin: null,
        },
      };
    });
    const fill = createPageTools({ routeToPage: route }).find((t) => t.name === 'fill_form')!;
    const preview = await fill.preview!({ updates: { fullName: 'Ada', newsletter: true, admin: 'true' } }, ctx);
    expect(calls).toEqual([
      { toolCallId: 't1', toolName: 'preview', input: { keys: ['fullName', 'newsletter', 'admin'] } },
    ]);
    expect(preview).toBe(
      'fill_form\n  Full name (fullName): (empty) → "Ada"\n  Newsletter (newsletter): unchecked → checked\n  admin: not a field of the form (will be ignored)',
    );
  });

  it('lets the runtime fall back when the page cannot answer the preview', async () => {
    const fill = createPageTools({
      routeToPage: routeAnswering(() => ({ ok: false, reason: 'tool-error', message: 'call get_form_state first' })),
    }).find((t) => t.name === 'fill_form')!;
    await expect(fill.preview!({ updates: { a: 'b' } }, ctx)).rejects.toThrow(/get_form_state/);
  });
});

describe('formatFillPreview', () => {
  it('shows lists and cuts long values', () => {
    const long = 'x'.repeat(300);
    const text = formatFillPreview(
      { tags: ['a', 'b'], bio: long },
      { tags: { label: 'tags', value: [] }, bio: { label: 'Bio', value: 'old' } },
    );
    expect(text.split('\n')[1]).toBe('  tags: (none) → "a", "b"');
    expect(text.split('\n')[2]).toMatch(/^ {2}Bio \(bio\): "old" → "x{119}…$/);
  });
});
