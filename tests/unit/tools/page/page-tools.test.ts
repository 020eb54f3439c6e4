import { describe, expect, it } from 'vitest';
import type { PageToolCall, RouteToPage } from '../../../../lib/tools/page/page-router';
import type { ToolContext } from '../../../../lib/tools/define-tool';
import { formatFillPreview } from '../../../../lib/tools/page/format-fill-preview';
import { createPageTools } from '../../../../lib/tools/page/page-tools';

const ctx = { runId: 'r1', toolCallId: 't1', signal: new AbortController().signal, tabId: 3, agentPath: [], delegate: async () => '', now: () => 0 } satisfies ToolContext;

describe('createPageTools', () => {
  it('declares the five page tools; the consequential ones need approval, and none executes in the worker', () => {
    const tools = createPageTools();
    expect(tools.map((t) => [t.name, t.runsIn, t.readOnly, t.needsApproval])).toEqual([
      ['read_page', 'page', true, false],
      ['get_form_state', 'page', true, false],
      ['fill_form', 'page', false, true],
      ['click', 'page', false, true],
      ['submit_form', 'page', false, true],
    ]);
    for (const t of tools) expect(() => t.execute?.({}, ctx)).toThrow(/content script/);
  });

  it('previews a fill with each field\'s label, current and new value, read from the page', async () => {
    const calls: PageToolCall[] = [];
    const route: RouteToPage = async (call) => {
      calls.push(call);
      return { ok: true, output: { fullName: { label: 'Full name', value: '' }, newsletter: { label: 'Newsletter', value: false }, admin: null } };
    };
    const fill = createPageTools({ routeToPage: route }).find((t) => t.name === 'fill_form')!;
    const preview = await fill.preview!({ updates: { fullName: 'Ada', newsletter: true, admin: 'true' } }, ctx);
    expect(calls).toEqual([{ toolCallId: 't1', toolName: 'preview', input: { keys: ['fullName', 'newsletter', 'admin'] } }]);
    expect(preview).toBe('fill_form\n  Full name (fullName): (empty) → "Ada"\n  Newsletter (newsletter): unchecked → checked\n  admin: not a field of the form (will be ignored)');
  });

  it('lets the runtime fall back when the page cannot answer the preview', async () => {
    const fill = createPageTools({ routeToPage: async () => ({ ok: false, reason: 'tool-error', message: 'call get_form_state first' }) }).find((t) => t.name === 'fill_form')!;
    await expect(fill.preview!({ updates: { a: 'b' } }, ctx)).rejects.toThrow(/get_form_state/);
  });
});

describe('formatFillPreview', () => {
  it('shows lists and cuts long values', () => {
    const long = 'x'.repeat(300);
    const text = formatFillPreview({ tags: ['a', 'b'], bio: long }, { tags: { label: 'tags', value: [] }, bio: { label: 'Bio', value: 'old' } });
    expect(text.split('\n')[1]).toBe('  tags: (none) → "a", "b"');
    expect(text.split('\n')[2]).toMatch(/^ {2}Bio \(bio\): "old" → "x{119}…$/);
  });
});
