/**
 * The worker's own allowlist, per run, tab and frame: a write needs a snapshot of its run in that frame, and a
 * snapshot of a document the frame has since replaced is stale. Both are refused with an error the model can
 * act on, before anything is sent to the page, and still after a worker restart (the store is session storage).
 */
import { describe, expect, it } from 'vitest';
import type { ToolContext } from '../../../../lib/tools/define-tool';
import { createPageTargetStore } from '../../../../lib/tools/page/page-target-store';
import { NO_SNAPSHOT, createRouteToPage } from '../../../../lib/tools/page/route-to-page';
import { textReply, toolCallsReply } from '../../../../lib/agent/testing/fake-chat-model';
import type { ToolResultPart } from '../../../../lib/core/chat-message';
import { createFakePageTab, memoryArea } from '../../agent/fake-page-tab';
import { setup } from '../../agent/harness';

const A = 'https://a.example';
const ctx = (over: Partial<ToolContext> = {}): ToolContext => ({
  runId: 'r1',
  toolCallId: 't',
  signal: new AbortController().signal,
  tabId: 3,
  agentPath: [],
  delegate: async () => '',
  now: () => 0,
  ...over,
});
const writes = (route: ReturnType<typeof createRouteToPage>, c: ToolContext) => [
  route({ toolCallId: 'f', toolName: 'fill_form', input: { updates: { name: 'Ada' } } }, c),
  route({ toolCallId: 'c', toolName: 'click', input: { key: 'go' } }, c),
  route({ toolCallId: 's', toolName: 'submit_form', input: { form: 'order' } }, c),
  route({ toolCallId: 'p', toolName: 'preview', input: { keys: ['name'] } }, c),
];

describe('the worker refuses keys outside the last snapshot of the run, tab and frame', () => {
  it('refuses every write and preview before any snapshot of this run in this frame, sending nothing', async () => {
    const tab = createFakePageTab({ url: `${A}/form` });
    for (const r of await Promise.all(writes(tab.routeToPage, ctx())))
      expect(r).toEqual({ ok: false, reason: 'tool-error', message: NO_SNAPSHOT });
    expect(tab.state.sent).toEqual([]);
    expect(tab.state.writes).toEqual([]);
  });

  it("keeps snapshots apart by run and by frame: another run's or another frame's snapshot lends no keys", async () => {
    const tab = createFakePageTab({ url: `${A}/form` });
    await tab.routeToPage({ toolCallId: 'g', toolName: 'get_form_state', input: {} }, ctx({ runId: 'other' }));
    await tab.routeToPage({ toolCallId: 'g', toolName: 'get_form_state', input: {} }, ctx({ frameId: 2 }));
    const sent = tab.state.sent.length;
    for (const r of await Promise.all(writes(tab.routeToPage, ctx())))
      expect(r).toMatchObject({ ok: false, message: NO_SNAPSHOT });
    expect(tab.state.sent).toHaveLength(sent);
    // Its own snapshot in the top frame: the same fill goes through.
    await tab.routeToPage({ toolCallId: 'g', toolName: 'get_form_state', input: {} }, ctx());
    expect(
      await tab.routeToPage({ toolCallId: 'f', toolName: 'fill_form', input: { updates: { name: 'Ada' } } }, ctx()),
    ).toMatchObject({ ok: true });
    expect(tab.state.writes).toHaveLength(1);
  });

  it('refuses a snapshot older than the document the frame answered from since, also in a restarted worker', async () => {
    const tab = createFakePageTab({ url: `${A}/form` });
    await tab.routeToPage({ toolCallId: 'g', toolName: 'get_form_state', input: {} }, ctx());
    // The tab reloads; another run reads it, so the worker has seen the new document in this frame.
    tab.navigate(`${A}/form`);
    await tab.routeToPage({ toolCallId: 'r', toolName: 'read_page', input: {} }, ctx({ runId: 'other' }));
    const sent = tab.state.sent.length;
    const stale = {
      ok: false,
      reason: 'navigated',
      message: expect.stringMatching(/snapshot is older than the page now in the tab.*call get_form_state again/),
    };
    for (const r of await Promise.all(writes(tab.routeToPage, ctx()))) expect(r).toMatchObject(stale);
    // A new worker over the same session storage refuses the same.
    const restarted = createRouteToPage({
      targets: tab.targets,
      messenger: {
        tabExists: async () => true,
        post: async () => {
          throw new Error('must not be sent');
        },
        injectAgent: async () => {},
        injectReader: async () => {},
        injectActPart: async () => {},
      },
    });
    for (const r of await Promise.all(writes(restarted, ctx()))) expect(r).toMatchObject(stale);
    expect(tab.state.sent).toHaveLength(sent);
    expect(tab.state.writes).toEqual([]);
    // A fresh snapshot of the new document clears it.
    await tab.routeToPage({ toolCallId: 'g2', toolName: 'get_form_state', input: {} }, ctx());
    expect(
      await tab.routeToPage({ toolCallId: 'f', toolName: 'fill_form', input: { updates: { name: 'Ada' } } }, ctx()),
    ).toMatchObject({ ok: true });
  });

  it('remembers the latest document per tab and frame, written only when it changes', async () => {
    const area = memoryArea();
    let sets = 0;
    const counted = {
      get: area.get,
      set: async (items: Record<string, unknown>) => {
        sets++;
        await area.set(items);
      },
    };
    const store = createPageTargetStore(counted);
    const t = { tabId: 1, frameId: 0 };
    await store.noteDocument(t, { docId: 'd1', url: `${A}/x` });
    await store.noteDocument(t, { docId: 'd1', url: `${A}/x` });
    expect(sets).toBe(1);
    await store.noteDocument(t, { docId: 'd2', url: `${A}/y` });
    expect(await store.latestDocument(t)).toEqual({ docId: 'd2', url: `${A}/y` });
    expect(await store.latestDocument({ tabId: 1, frameId: 4 })).toBeUndefined();
  });

  it('the model reads a clear refusal when it fills on a snapshot the tab has moved past', async () => {
    const tab = createFakePageTab({ url: `${A}/form` });
    const s = setup({
      builtins: tab.tools,
      scripts: [
        toolCallsReply([{ id: 'g1', name: 'get_form_state', input: {} }]),
        () => {
          tab.navigate(`${A}/form`);
          return toolCallsReply([{ id: 'r1', name: 'read_page', input: {} }]);
        },
        toolCallsReply([{ id: 'f1', name: 'fill_form', input: { updates: { name: 'Ada' } } }]),
        textReply('done'),
      ],
    });
    await (
      await s.start('fill it', { tabId: 3 })
    ).done;
    const results = s.model.calls
      .at(-1)!
      .messages.flatMap((m): readonly { type: string }[] => m.content)
      .filter((p): p is ToolResultPart => p.type === 'tool-result');
    expect(results.at(-1)).toMatchObject({ isError: true });
    expect(JSON.stringify(results.at(-1))).toMatch(/snapshot is older than the page now in the tab/);
    expect(s.events.some((e) => e.type === 'approval-requested')).toBe(false);
    expect(tab.state.writes).toEqual([]);
  });
});
