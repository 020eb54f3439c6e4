import { describe, expect, it } from 'vitest';
import type { ToolContext } from '../../../../lib/tools/define-tool';
import { createUndoFillHandler } from '../../../../lib/background/create-undo-fill-handler';
import { createPageTargetStore, type KeyValueArea } from '../../../../lib/tools/page/page-target-store';
import { createRouteToPage } from '../../../../lib/tools/page/route-to-page';
import type { PageMessenger } from '../../../../lib/tools/page/send-page-command';
import type { WireMessage } from '../../../../lib/messaging/wire-message';

/** A sent page command as the fake frame reads it. */
interface SentCommand {
  tabwise: string;
  command: string;
  runId: string;
  toolCallId: string;
  expectDocId?: string;
  /** The command's arguments as sent. */
  input?: unknown;
}

function readSent(message: WireMessage): SentCommand {
  const data: Record<string, unknown> = { ...(message.data ?? {}) };
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    tabwise: message.tabwise,
    command: message.name,
    runId: text(data.runId),
    toolCallId: text(data.toolCallId),
    ...(data.expectDocId === undefined ? {} : { expectDocId: text(data.expectDocId) }),
    input: data.args,
  };
}

function memoryArea(): KeyValueArea {
  const data = new Map<string, unknown>();
  return {
    get: async (key) => (data.has(key) ? { [key]: structuredClone(data.get(key)) } : {}),
    set: async (items) => {
      for (const [k, v] of Object.entries(items)) data.set(k, structuredClone(v));
    },
  };
}

/** What the fake page answers each command with (shapes the worker's reply schema accepts). */
const outputs: Partial<Record<string, unknown>> = {
  read_page: {
    title: 'A',
    url: 'https://a.example/form',
    lang: 'en',
    markdown: '# A',
    headings: [{ level: 1, text: 'A' }],
    totalChars: 3,
    offset: 0,
  },
  get_form_state: { fields: [], buttons: [{ key: 'x', text: 'X', kind: 'button' }], forms: [] },
  fill_form: { written: [], ignored: [], failed: [] },
  preview: {},
};

/** A tab whose frame answers like a page agent; `doc` changes when the test "navigates". */
function fakeTab() {
  const state = {
    open: true,
    receiver: true,
    reader: true,
    doc: 'doc-1',
    url: 'https://a.example/form',
    injected: 0,
    readerInjected: 0,
    sent: [] as { frameId: number; command: SentCommand }[],
  };
  const answer = (outcome: unknown) => ({ ok: true, value: { docId: state.doc, url: state.url, outcome } });
  const messenger: PageMessenger = {
    tabExists: async () => state.open,
    post: async ({ frameId }, message) => {
      if (!state.receiver) throw new Error('Could not establish connection. Receiving end does not exist.');
      const sent = readSent(message);
      state.sent.push({ frameId, command: sent });
      const command: { command: string; expectDocId?: string } =
        sent.runId === 'tampered' ? { command: 'tamper' } : sent;
      if (command.expectDocId && command.expectDocId !== state.doc)
        return answer({ ok: false, error: 'navigated', message: 'changed' });
      if (command.command === 'click') return answer({ ok: false, error: 'tool-error', message: 'click failed: gone' });
      if (command.command === 'undo')
        return answer({ ok: true, output: { restored: [{ key: 'a', value: '' }], failed: [] } });
      if (command.command === 'read_page' && !state.reader)
        return answer({ ok: false, error: 'no-reader', message: 'The page reader could not be loaded in this frame.' });
      if (command.command === 'tamper') return answer({ ok: true, output: { title: 42 } });
      if (command.command === 'get_form_state' && sent.runId === 'refused')
        return { ok: false, error: { code: 'invalid', message: 'Invalid arguments: input must be an object' } };
      if (command.command === 'get_form_state' && sent.runId === 'gone')
        throw new Error(
          'A listener indicated an asynchronous response by returning true, but the message channel closed before a response was received',
        );
      return answer({ ok: true, output: outputs[command.command] });
    },
    injectAgent: async () => {
      state.injected++;
      state.receiver = true;
    },
    injectReader: async ({ frameId }) => {
      state.readerInjected++;
      if (frameId === 0) state.reader = true;
    },
    injectActPart: async () => {},
  };
  return { state, messenger };
}

const ctx = (over: Partial<ToolContext> = {}): ToolContext => ({
  runId: 'r1',
  toolCallId: 't1',
  signal: new AbortController().signal,
  tabId: 3,
  agentPath: [],
  delegate: async () => '',
  now: () => 0,
  ...over,
});

describe('createRouteToPage', () => {
  it("sends to the top frame and answers the page's output", async () => {
    const tab = fakeTab();
    const route = createRouteToPage({ messenger: tab.messenger, targets: createPageTargetStore(memoryArea()) });
    expect(await route({ toolCallId: 't1', toolName: 'read_page', input: {} }, ctx())).toEqual({
      ok: true,
      output: outputs.read_page,
      doc: { docId: 'doc-1', url: 'https://a.example/form' },
    });
    expect(tab.state.sent[0]).toMatchObject({
      frameId: 0,
      command: { tabwise: 'page', command: 'read_page', runId: 'r1', toolCallId: 't1' },
    });
  });

  it("answers navigated when the snapshot's document is gone, and tool-error for the page's own failures", async () => {
    const tab = fakeTab();
    const route = createRouteToPage({ messenger: tab.messenger, targets: createPageTargetStore(memoryArea()) });
    await route({ toolCallId: 't1', toolName: 'get_form_state', input: {} }, ctx());
    expect(
      await route({ toolCallId: 't2', toolName: 'fill_form', input: { updates: {} } }, ctx({ toolCallId: 't2' })),
    ).toMatchObject({ ok: true });
    expect(tab.state.sent[1]!.command.expectDocId).toBe('doc-1');
    expect(await route({ toolCallId: 't5', toolName: 'get_form_state', input: {} }, ctx({ runId: 'refused' }))).toEqual(
      { ok: false, reason: 'tool-error', message: 'Invalid arguments: input must be an object' },
    );
    expect(
      await route({ toolCallId: 't6', toolName: 'get_form_state', input: {} }, ctx({ runId: 'gone' })),
    ).toMatchObject({ ok: false, reason: 'navigated' });
    expect(await route({ toolCallId: 't3', toolName: 'click', input: { key: 'x' } }, ctx())).toEqual({
      ok: false,
      reason: 'tool-error',
      message: 'click failed: gone',
    });
    tab.state.doc = 'doc-2';
    tab.state.url = 'https://a.example/next';
    expect(await route({ toolCallId: 't4', toolName: 'fill_form', input: { updates: {} } }, ctx())).toEqual({
      ok: false,
      reason: 'navigated',
      message: 'was https://a.example/form, now https://a.example/next',
    });
  });

  it('answers tab-closed for a closed tab, and no-receiver when no page is attached', async () => {
    const tab = fakeTab();
    tab.state.open = false;
    const route = createRouteToPage({ messenger: tab.messenger, targets: createPageTargetStore(memoryArea()) });
    expect(await route({ toolCallId: 't1', toolName: 'read_page', input: {} }, ctx())).toEqual({
      ok: false,
      reason: 'tab-closed',
    });
    expect(
      await route({ toolCallId: 't1', toolName: 'read_page', input: {} }, ctx({ tabId: undefined })),
    ).toMatchObject({ ok: false, reason: 'no-receiver' });
  });

  it('injects the content script once into a page opened before install, then retries', async () => {
    const tab = fakeTab();
    tab.state.receiver = false;
    const route = createRouteToPage({ messenger: tab.messenger, targets: createPageTargetStore(memoryArea()) });
    expect(await route({ toolCallId: 't1', toolName: 'read_page', input: {} }, ctx())).toMatchObject({ ok: true });
    expect(tab.state.injected).toBe(1);

    const dead = fakeTab();
    dead.state.receiver = false;
    dead.messenger.injectAgent = async () => {
      dead.state.injected++;
    };
    const route2 = createRouteToPage({ messenger: dead.messenger, targets: createPageTargetStore(memoryArea()) });
    expect(await route2({ toolCallId: 't1', toolName: 'read_page', input: {} }, ctx())).toMatchObject({
      ok: false,
      reason: 'no-receiver',
    });
    expect(dead.state.injected).toBe(1);
  });

  it('loads the page reader into the frame when read_page finds none there, once', async () => {
    const tab = fakeTab();
    tab.state.reader = false;
    const route = createRouteToPage({ messenger: tab.messenger, targets: createPageTargetStore(memoryArea()) });
    expect(await route({ toolCallId: 't1', toolName: 'read_page', input: {} }, ctx())).toEqual({
      ok: true,
      output: outputs.read_page,
      doc: { docId: 'doc-1', url: 'https://a.example/form' },
    });
    expect(await route({ toolCallId: 't2', toolName: 'read_page', input: {} }, ctx())).toMatchObject({ ok: true });
    expect(tab.state.readerInjected).toBe(1);
    expect(tab.state.sent.map((s) => s.command.toolCallId)).toEqual(['t1', 't1', 't2']);

    const stuck = fakeTab();
    stuck.state.reader = false;
    const inFrame = createRouteToPage({ messenger: stuck.messenger, targets: createPageTargetStore(memoryArea()) });
    expect(await inFrame({ toolCallId: 't1', toolName: 'read_page', input: {} }, ctx({ frameId: 2 }))).toEqual({
      ok: false,
      reason: 'tool-error',
      message: 'The page reader could not be loaded in this frame.',
    });
    expect(stuck.state.readerInjected).toBe(1);
  });

  it("refuses names that are not page commands (at compile time), and output that is not the command's shape", async () => {
    const route = createRouteToPage({ messenger: fakeTab().messenger, targets: createPageTargetStore(memoryArea()) });
    // @ts-expect-error memory_save is not a page command; a plain JavaScript caller still gets a tool error
    expect(await route({ toolCallId: 't1', toolName: 'memory_save', input: {} }, ctx())).toMatchObject({
      ok: false,
      reason: 'tool-error',
    });
    expect(await route({ toolCallId: 't1', toolName: 'read_page', input: {} }, ctx({ runId: 'tampered' }))).toEqual({
      ok: false,
      reason: 'no-receiver',
      message: 'the page answered with a malformed reply',
    });
  });
});

describe("createRouteToPage: the worker's own copy of the snapshot", () => {
  it('refuses keys the last snapshot did not list before anything is sent, and answers unknown fill keys as ignored', async () => {
    const tab = fakeTab();
    const route = createRouteToPage({ messenger: tab.messenger, targets: createPageTargetStore(memoryArea()) });
    await route({ toolCallId: 't1', toolName: 'get_form_state', input: {} }, ctx());
    const sent = tab.state.sent.length;
    expect(await route({ toolCallId: 't2', toolName: 'click', input: { key: 'evil' } }, ctx())).toMatchObject({
      ok: false,
      reason: 'tool-error',
      message: expect.stringMatching(/"evil" is not a button of the last form snapshot/),
    });
    expect(await route({ toolCallId: 't3', toolName: 'submit_form', input: { form: 'evil' } }, ctx())).toMatchObject({
      ok: false,
      reason: 'tool-error',
      message: expect.stringMatching(/not a form of the last form snapshot/),
    });
    expect(tab.state.sent).toHaveLength(sent);
    const filled = await route(
      { toolCallId: 't4', toolName: 'fill_form', input: { updates: { admin: 'true' } } },
      ctx(),
    );
    expect(tab.state.sent.at(-1)!.command.input).toEqual({ updates: {} });
    expect(filled).toMatchObject({
      ok: true,
      output: { ignored: [{ key: 'admin', reason: expect.stringMatching(/not a field of the last form snapshot/) }] },
    });
  });

  it('refuses a call approved on another snapshot of the run, and says which snapshot a write used', async () => {
    const tab = fakeTab();
    const targets = createPageTargetStore(memoryArea());
    const route = createRouteToPage({ messenger: tab.messenger, targets });
    await route({ toolCallId: 't1', toolName: 'get_form_state', input: {} }, ctx());
    const first = await targets.snapshotDocument('r1', { tabId: 3, frameId: 0 });
    const probe = await route({ toolCallId: 't2', toolName: 'preview', input: { keys: [] } }, ctx());
    expect(probe).toMatchObject({
      ok: true,
      doc: { docId: 'doc-1', url: 'https://a.example/form', snapshotId: first!.snapshotId },
    });
    await route({ toolCallId: 't3', toolName: 'get_form_state', input: {} }, ctx());
    const sent = tab.state.sent.length;
    const approved = { origin: 'https://a.example', documentId: 'doc-1', snapshotId: first!.snapshotId! };
    expect(
      await route({ toolCallId: 't4', toolName: 'fill_form', input: { updates: {} } }, ctx({ target: approved })),
    ).toMatchObject({ ok: false, reason: 'tool-error', message: expect.stringMatching(/snapshot changed/) });
    expect(tab.state.sent).toHaveLength(sent);
  });
});

describe('createUndoFillHandler', () => {
  it('undoes a fill in the frame and document it went to, and refuses once the page changed', async () => {
    const tab = fakeTab();
    const targets = createPageTargetStore(memoryArea());
    const route = createRouteToPage({ messenger: tab.messenger, targets });
    const undo = createUndoFillHandler({ messenger: tab.messenger, targets });
    await expect(undo({ runId: 'r1', toolCallId: 'f1' })).rejects.toThrow(/Nothing to undo/);
    // A fill needs a snapshot of the run in that frame first (the worker refuses one without).
    await route({ toolCallId: 'g1', toolName: 'get_form_state', input: {} }, ctx({ toolCallId: 'g1' }));
    await route({ toolCallId: 'f1', toolName: 'fill_form', input: { updates: {} } }, ctx({ toolCallId: 'f1' }));
    expect(await undo({ runId: 'r1', toolCallId: 'f1' })).toEqual({ restored: 1, restoredKeys: ['a'], failed: [] });
    expect(tab.state.sent.at(-1)!.command).toMatchObject({
      command: 'undo',
      runId: 'r1',
      toolCallId: 'f1',
      expectDocId: 'doc-1',
    });
    tab.state.doc = 'doc-2';
    await expect(undo({ runId: 'r1', toolCallId: 'f1' })).rejects.toThrow(/changed/);
  });
});
