/** The chat service over a real agent runtime (in-memory journal, recording fake model, in-memory stores). */
import { describe, expect, it, vi } from 'vitest';
import { createAgentRuntime, type AgentRuntime } from '../../../lib/agent/agent-runtime';
import { createMemoryRunJournal } from '../../../lib/agent/memory-run-journal';
import type { RunJournal } from '../../../lib/agent/run-journal';
import { createFakeChatModel, type Script } from '../../../lib/agent/testing/fake-chat-model';
import { createChatService, UserFacingError, type ChatService } from '../../../lib/background/chat-service';
import type { PanelMessage } from '../../../lib/background/panel-port';
import type { ModelStreamPart } from '../../../lib/providers/chat-model';
import { ProviderError } from '../../../lib/providers/provider-error';
import type { ConversationStore } from '../../../lib/storage/conversation-store';
import { createInMemorySitePolicyStore } from '../../../lib/tools/site-policy-store';
import { createToolRegistry } from '../../../lib/tools/tool-registry';
import { echoTool, prompts } from '../agent/harness';
import { createMemoryConversationStore } from './memory-conversation-store';

const text = (delta: string): ModelStreamPart => ({ type: 'text-delta', delta });
const finish = (finishReason: 'stop' | 'tool-calls' = 'stop'): ModelStreamPart => ({
  type: 'finish',
  finishReason,
  usage: { inputTokens: 1, outputTokens: 2, cachedInputTokens: 0, cacheWriteTokens: 0 },
});
const call = (toolCallId: string, toolName: string, input: object): ModelStreamPart => ({
  type: 'tool-call',
  toolCallId,
  toolName,
  input: JSON.stringify(input),
});

function setup(
  scripts: Script[],
  opts: { store?: ConversationStore; journal?: RunJournal; noProvider?: boolean; title?: string } = {},
) {
  const titleAsked: unknown[][] = [];
  const store = opts.store ?? createMemoryConversationStore();
  const journal = opts.journal ?? createMemoryRunJournal();
  const model = createFakeChatModel(scripts);
  const echo = echoTool('echo');
  const approve = echoTool('dangerous', { readOnly: false, needsApproval: true });
  let n = 0;
  // Built in one direction: the service subscribes to the runtime it is given.
  const runtime: AgentRuntime = createAgentRuntime({
    journal,
    resolveModel: () => model,
    tools: createToolRegistry([echo.tool, approve.tool]),
    prompts,
    sitePolicies: createInMemorySitePolicyStore(),
    timeZone: 'UTC',
  });
  const service: ChatService = createChatService({
    store,
    runtime,
    now: () => 1_000,
    generateId: () => `id${++n}`,
    resolveModel: async () => {
      if (opts.noProvider)
        throw new UserFacingError('no_provider', 'No model is set up yet. Add a provider in Settings.');
      return { ref: { provider: 'p', modelId: 'm' }, label: 'Test · m' };
    },
    runSettings: (page) => (page ? { pageContext: { url: page.url, title: page.title } } : {}),
    listUnfinishedRuns: () => journal.listUnfinished(),
    ...(opts.title
      ? {
          generateTitle: async (...args: unknown[]) => {
            titleAsked.push(args);
            return opts.title;
          },
        }
      : {}),
  });
  const received: PanelMessage[] = [];
  const port = { postMessage: (m: PanelMessage) => void received.push(m) };
  const events = () => received.flatMap((m) => (m.type === 'event' ? [m.event] : []));
  const finished = (count = 1) =>
    vi.waitFor(() => expect(events().filter((e) => e.type === 'run-finish')).toHaveLength(count), { timeout: 3000 });
  const conversationId = () =>
    (received.find((m) => m.type === 'conversation-created') as { conversation: { id: string } }).conversation.id;
  const settled = async (id: string) => {
    await vi.waitFor(
      async () => expect((await store.listMessages(id)).every((m) => m.status !== 'streaming')).toBe(true),
      { timeout: 3000 },
    );
    return store.listMessages(id);
  };
  return {
    store,
    journal,
    model,
    runtime,
    service,
    port,
    received,
    events,
    finished,
    conversationId,
    settled,
    echo,
    approve,
    titleAsked,
  };
}

describe('chat service over the agent runtime', () => {
  it('a first message creates a conversation, runs, and stores the answer with its parts and model messages', async () => {
    const t = setup([[text('Hello '), text('there'), finish()]], { title: 'Greeting' });
    await t.service.handle(t.port, { type: 'send', conversationId: null, text: '  Hi!  ', clientId: 'u1' });
    await t.finished();
    const stored = await t.settled(t.conversationId());
    expect(stored.map((m) => [m.role, m.text, m.status])).toEqual([
      ['user', 'Hi!', 'complete'],
      ['assistant', 'Hello there', 'complete'],
    ]);
    expect(stored[1]!.parts).toEqual([{ kind: 'text', text: 'Hello there' }]);
    expect(stored[1]!.modelMessages).toEqual([{ role: 'assistant', content: [{ type: 'text', text: 'Hello there' }] }]);
    expect(t.model.calls[0]!.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Hi!' }] }]);
    await vi.waitFor(async () => expect((await t.store.getConversation(t.conversationId()))?.title).toBe('Greeting'));
    expect(t.received.some((m) => m.type === 'conversation-updated')).toBe(true);
    // The title is asked of the model that answered (the run's own reference), with the first exchange.
    expect(t.titleAsked).toEqual([['Hi!', 'Hello there', { provider: 'p', modelId: 'm' }]]);
  });

  it('the next turn sends the history with tool calls and results, and leaves out failed answers', async () => {
    const t = setup([
      [call('c1', 'echo', { value: 'x' }), finish('tool-calls')],
      [text('done'), finish()],
      [{ throw: new ProviderError({ code: 'auth', status: 401, message: 'bad key' }) }],
      [text('third'), finish()],
    ]);
    await t.service.handle(t.port, { type: 'send', conversationId: null, text: 'one', clientId: 'u1' });
    await t.finished();
    const id = t.conversationId();
    await t.settled(id);
    await t.service.handle(t.port, { type: 'send', conversationId: id, text: 'two', clientId: 'u2' });
    await t.finished(2);
    const afterError = await t.settled(id);
    expect(afterError.at(-1)).toMatchObject({ status: 'error', text: '', error: { code: 'auth', message: 'bad key' } });
    await t.service.handle(t.port, { type: 'send', conversationId: id, text: 'three', clientId: 'u3' });
    await t.finished(3);
    const roles = t.model.calls[3]!.messages.map((m) => `${m.role}:${m.content.map((p) => p.type).join('+')}`);
    expect(roles).toEqual([
      'user:text',
      'assistant:tool-call',
      'tool:tool-result',
      'assistant:text',
      'user:text',
      'user:text',
    ]);
  });

  it('a message during a run is an interjection in the same run, not a new turn', async () => {
    const t = setup([
      [text('working'), { wait: 150 }, call('c1', 'echo', { value: 'x' }), finish('tool-calls')],
      [text('with your note'), finish()],
    ]);
    await t.service.handle(t.port, { type: 'send', conversationId: null, text: 'start', clientId: 'u1' });
    const id = t.conversationId();
    await vi.waitFor(() => expect(t.events().some((e) => e.type === 'text-delta')).toBe(true));
    await t.service.handle(t.port, { type: 'send', conversationId: id, text: 'and also', clientId: 'u2' });
    await t.finished();
    const stored = await t.settled(id);
    expect(stored.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(stored[1]!.parts!.map((p) => p.kind)).toEqual(['text', 'tool', 'interjection', 'text']);
    expect(t.model.calls[1]!.messages.at(-1)).toEqual({ role: 'user', content: [{ type: 'text', text: 'and also' }] });
  });

  it('approvals travel from the panel to the run; deny gives the model an error result', async () => {
    const t = setup([
      [call('c1', 'dangerous', { value: 'rm' }), finish('tool-calls')],
      [text('ok'), finish()],
    ]);
    await t.service.handle(t.port, { type: 'send', conversationId: null, text: 'do it', clientId: 'u1' });
    await vi.waitFor(() => expect(t.events().some((e) => e.type === 'approval-requested')).toBe(true));
    const runId = t.events()[0]!.runId;
    // The pending approval is journaled at once: a panel opened now sees the card.
    const opened: PanelMessage[] = [];
    await t.service.handle(
      { postMessage: (m) => void opened.push(m) },
      { type: 'subscribe', conversationId: t.conversationId() },
    );
    const mid = (opened[0] as Extract<PanelMessage, { type: 'snapshot' }>).messages;
    expect(mid[1]!.parts).toMatchObject([
      { kind: 'tool', status: 'awaiting-approval', approval: { preview: expect.any(String) } },
    ]);
    await t.service.handle(t.port, { type: 'approval', runId, toolCallId: 'c1', decision: 'denied' });
    await t.finished();
    expect(t.approve.executions).toHaveLength(0);
    const result = t.model.calls[1]!.messages.find((m) => m.role === 'tool')!.content[0] as {
      output: string;
      isError: boolean;
    };
    expect(result).toMatchObject({ isError: true, output: expect.stringContaining('denied by the user') });
  });

  it('stop keeps the partial text and marks it stopped; a panel subscribing mid-run sees the live parts', async () => {
    const t = setup([[text('partial '), { hang: true }]]);
    await t.service.handle(t.port, { type: 'send', conversationId: null, text: 'q', clientId: 'u1' });
    const id = t.conversationId();
    await vi.waitFor(() => expect(t.events().some((e) => e.type === 'text-delta')).toBe(true));
    const late: PanelMessage[] = [];
    await t.service.handle({ postMessage: (m) => void late.push(m) }, { type: 'subscribe', conversationId: id });
    expect(late[0]).toMatchObject({
      type: 'snapshot',
      running: true,
      messages: [{ role: 'user' }, { role: 'assistant', status: 'streaming', text: 'partial ' }],
    });
    await t.service.handle(t.port, { type: 'stop', conversationId: id });
    await t.finished();
    expect((await t.settled(id)).at(-1)).toMatchObject({ text: 'partial ', status: 'stopped' });
  });

  it('a streaming answer is checkpointed only in the journal: its message record is written when the run settles', async () => {
    const t = setup([[text('partial '), { wait: 300 }, text('answer'), finish()]]);
    await t.service.handle(t.port, { type: 'send', conversationId: null, text: 'q', clientId: 'u1' });
    const id = t.conversationId();
    await vi.waitFor(() => expect(t.events().some((e) => e.type === 'text-delta')).toBe(true));
    const opened: PanelMessage[] = [];
    await t.service.handle({ postMessage: (m) => void opened.push(m) }, { type: 'subscribe', conversationId: id });
    expect(opened[0]).toMatchObject({
      type: 'snapshot',
      messages: [{ role: 'user' }, { role: 'assistant', status: 'streaming', text: 'partial ' }],
    });
    const mid = (await t.store.listMessages(id)).at(-1)!;
    expect(mid).toMatchObject({ status: 'streaming', text: '' });
    expect(mid.parts).toBeUndefined();
    await t.finished();
    expect((await t.settled(id)).at(-1)).toMatchObject({
      status: 'complete',
      text: 'partial answer',
      parts: [{ kind: 'text', text: 'partial answer' }],
    });
  });

  it('no provider: an error message the user can act on, and retry replaces it', async () => {
    const t = setup([], { noProvider: true });
    await t.service.handle(t.port, { type: 'send', conversationId: null, text: 'q', clientId: 'u1' });
    const id = t.conversationId();
    const stored = await vi.waitFor(async () => {
      const m = await t.store.listMessages(id);
      expect(m).toHaveLength(2);
      return m;
    });
    expect(stored[1]).toMatchObject({ status: 'error', error: { code: 'no_provider' } });
    const failedId = stored[1]!.id;
    const writesOf = () => t.received.filter((m) => m.type === 'message' && m.message.id === failedId).length;
    const before = writesOf();
    await t.service.handle(t.port, { type: 'retry', conversationId: id });
    // The new attempt (failing again here) takes the failed answer's place; a bare error is not kept as a version.
    await vi.waitFor(() => expect(writesOf()).toBe(before + 1));
    const after = await t.store.listMessages(id);
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({ id: failedId, status: 'error', error: { code: 'no_provider' } });
    expect(after[1]!.otherVersions).toBeUndefined();
  });

  it('the page context the panel sends reaches the model in the user turn, not the system prompt', async () => {
    const t = setup([[text('ok'), finish()]]);
    await t.service.handle(t.port, {
      type: 'send',
      conversationId: null,
      text: 'what is this',
      clientId: 'u1',
      page: { url: 'https://example.com/a', title: 'Example A', tabId: 3 },
    });
    await t.finished();
    expect(t.model.calls[0]!.system).not.toContain('https://example.com/a');
    expect(JSON.stringify(t.model.calls[0]!.messages.at(-1))).toContain('URL: https://example.com/a');
  });

  it('invalid commands from a Port are answered with an error, not executed', async () => {
    const t = setup([]);
    let listener: (m: unknown) => void = () => {};
    t.service.attach({
      ...t.port,
      onMessage: { addListener: (f) => (listener = f) },
      onDisconnect: { addListener: () => {} },
    });
    listener({ type: 'send', conversationId: null, text: '', clientId: 'x' });
    listener({ type: 'approval', runId: 'r', toolCallId: 't', decision: 'maybe' });
    listener({ type: 'rm -rf' });
    expect(t.received.map((m) => m.type)).toEqual(['command-error', 'command-error', 'command-error']);
    expect(await t.store.listConversations()).toEqual([]);
  });

  it('after a worker death, the unfinished run resumes from the journal and finishes the same answer', async () => {
    const store = createMemoryConversationStore();
    const journal = createMemoryRunJournal();
    const first = setup([[call('c1', 'echo', { value: 'a' }), finish('tool-calls')], [{ hang: true }]], {
      store,
      journal,
    });
    await first.service.handle(first.port, { type: 'send', conversationId: null, text: 'go', clientId: 'u1' });
    const id = first.conversationId();
    await vi.waitFor(() => expect(first.model.calls).toHaveLength(2));
    first.runtime.abandon(); // the worker dies mid-stream of step 2
    const second = setup([[text('finished after restart'), finish()]], { store, journal });
    expect(await second.service.resumeAfterWake()).toBe(1);
    await vi.waitFor(async () => expect((await store.listMessages(id)).at(-1)?.status).toBe('complete'), {
      timeout: 3000,
    });
    const answer = (await store.listMessages(id)).at(-1)!;
    expect(answer.parts!.map((p) => p.kind)).toEqual(['tool', 'text']);
    expect(answer.text).toBe('finished after restart');
    // The echo tool ran once, in the first worker.
    expect(first.echo.executions).toHaveLength(1);
    expect(second.echo.executions).toHaveLength(0);
  });

  it('a panel that subscribed before the wake resumed its run gets the run as it is: a pending approval shows', async () => {
    const store = createMemoryConversationStore();
    const journal = createMemoryRunJournal();
    const first = setup([[call('d1', 'dangerous', { value: 'x' }), finish('tool-calls')]], { store, journal });
    await first.service.handle(first.port, { type: 'send', conversationId: null, text: 'go', clientId: 'u1' });
    const id = first.conversationId();
    await vi.waitFor(() =>
      expect(first.received.some((m) => m.type === 'event' && m.event.type === 'approval-requested')).toBe(true),
    );
    first.runtime.abandon(); // the worker dies while the card waits
    const second = setup([[text('done'), finish()]], { store, journal });
    // The reconnecting panel subscribes first; the wake registers and resumes the run after.
    await second.service.handle(second.port, { type: 'subscribe', conversationId: id });
    expect(await second.service.resumeAfterWake()).toBe(1);
    const snapshots = second.received.filter((m) => m.type === 'snapshot');
    const lastSnap = snapshots.at(-1) as Extract<PanelMessage, { type: 'snapshot' }>;
    expect(lastSnap.running).toBe(true);
    const answer = lastSnap.messages.at(-1)!;
    expect(answer.parts?.find((p) => p.kind === 'tool')).toMatchObject({
      toolName: 'dangerous',
      status: 'awaiting-approval',
    });
  });

  it('on wake, an answer left streaming with no run to resume is kept and marked interrupted', async () => {
    const t = setup([]);
    await t.store.createConversation({ id: 'c', title: 't', createdAt: 1, updatedAt: 1 });
    await t.store.putMessage({
      id: 'm',
      conversationId: 'c',
      role: 'assistant',
      text: 'half',
      status: 'streaming',
      createdAt: 2,
    });
    await t.service.resumeAfterWake();
    expect(await t.store.getMessage('m')).toMatchObject({ text: 'half', status: 'interrupted' });
  });

  it('on wake, an answer whose run settled in the journal but was never written keeps what the journal holds, marked interrupted', async () => {
    const store = createMemoryConversationStore();
    const journal = createMemoryRunJournal();
    const first = setup([[text('all of it'), finish()]], { store, journal });
    await first.service.handle(first.port, { type: 'send', conversationId: null, text: 'q', clientId: 'u1' });
    const id = first.conversationId();
    await first.finished();
    // The worker died between the run's end and its answer being stored: the record is still the placeholder.
    const answer = (await first.settled(id)).at(-1)!;
    await store.putMessage({ ...answer, status: 'streaming', text: '', parts: undefined });
    const second = setup([], { store, journal });
    expect(await second.service.resumeAfterWake()).toBe(0);
    expect(await store.getMessage(answer.id)).toMatchObject({
      status: 'interrupted',
      text: 'all of it',
      parts: [{ kind: 'text', text: 'all of it' }],
    });
  });
});
