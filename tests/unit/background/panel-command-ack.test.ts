/**
 * Commands that must arrive (a decision on a card, Stop) are acknowledged once handled, and a copy of one (the
 * panel sends it again when its Port died before the ack) changes nothing: the worker answers what became of
 * it, never a thrown error that would leave the card stuck.
 */
import { describe, expect, it, vi } from 'vitest';
import { createAgentRuntime } from '../../../lib/agent/agent-runtime';
import { createMemoryRunJournal } from '../../../lib/agent/memory-run-journal';
import type { RunJournal } from '../../../lib/agent/run-journal';
import { createFakeChatModel, type Script } from '../../../lib/agent/testing/fake-chat-model';
import { createChatService } from '../../../lib/background/chat-service';
import type { PanelMessage } from '../../../lib/background/panel-port';
import type { ModelStreamPart } from '../../../lib/providers/chat-model';
import type { ConversationStore } from '../../../lib/storage/conversation-store';
import { createInMemorySitePolicyStore } from '../../../lib/tools/site-policy-store';
import { createToolRegistry } from '../../../lib/tools/tool-registry';
import { echoTool, prompts, sleep } from '../agent/harness';
import { createMemoryConversationStore } from './memory-conversation-store';

const usage = { inputTokens: 1, outputTokens: 2, cachedInputTokens: 0, cacheWriteTokens: 0 };
const text = (delta: string): ModelStreamPart => ({ type: 'text-delta', delta });
const finish = (finishReason: 'stop' | 'tool-calls' = 'stop'): ModelStreamPart => ({
  type: 'finish',
  finishReason,
  usage,
});
const call = (toolCallId: string): ModelStreamPart => ({
  type: 'tool-call',
  toolCallId,
  toolName: 'dangerous',
  input: JSON.stringify({ value: 'x' }),
});

/** One worker: the chat service over a real runtime, and one attached panel Port the test posts raw commands on. */
function worker(
  scripts: Script[],
  shared: { store?: ConversationStore; journal?: RunJournal; slowWake?: number } = {},
) {
  const store = shared.store ?? createMemoryConversationStore();
  const journal = shared.journal ?? createMemoryRunJournal();
  const dangerous = echoTool('dangerous', { readOnly: false, needsApproval: true });
  const runtime = createAgentRuntime({
    journal,
    resolveModel: () => createFakeChatModel(scripts),
    tools: createToolRegistry([dangerous.tool]),
    prompts,
    sitePolicies: createInMemorySitePolicyStore(),
    timeZone: 'UTC',
  });
  let n = 0;
  const service = createChatService({
    store,
    runtime,
    now: () => 1_000,
    generateId: () => `id${++n}`,
    resolveModel: async () => ({ ref: { provider: 'p', modelId: 'm' }, label: 'Test · m' }),
    runSettings: () => ({}),
    // A wake whose journal read takes a while, as IndexedDB's does in a cold worker.
    listUnfinishedRuns: async () => (shared.slowWake ? sleep(shared.slowWake) : undefined, journal.listUnfinished()),
  });
  const received: PanelMessage[] = [];
  let deliver: (m: unknown) => void = () => undefined;
  service.attach({
    postMessage: (m: PanelMessage) => void received.push(m),
    onMessage: { addListener: (f) => (deliver = f) },
    onDisconnect: { addListener: () => undefined },
  });
  const events = () => received.flatMap((m) => (m.type === 'event' ? [m.event] : []));
  const acks = () => received.filter((m) => m.type === 'ack');
  const conversationId = () =>
    (received.find((m) => m.type === 'conversation-created') as { conversation: { id: string } }).conversation.id;
  return {
    store,
    journal,
    runtime,
    service,
    dangerous,
    received,
    deliver: (m: unknown) => deliver(m),
    events,
    acks,
    conversationId,
  };
}

async function awaitingApproval(w: ReturnType<typeof worker>) {
  w.deliver({ type: 'send', conversationId: null, text: 'do it', clientId: 'u1' });
  await vi.waitFor(() => expect(w.events().some((e) => e.type === 'approval-requested')).toBe(true));
  return w.events()[0]!.runId;
}

const approve = (runId: string, ackId: string, decision = 'approved') => ({
  type: 'approval',
  runId,
  toolCallId: 'd1',
  decision,
  ackId,
});

describe('commands that must arrive', () => {
  it('a decision is acknowledged with what became of it; its copy is answered as repeated, and the tool runs once', async () => {
    const w = worker([
      [call('d1'), finish('tool-calls')],
      [text('done'), finish()],
    ]);
    const runId = await awaitingApproval(w);
    w.deliver(approve(runId, 'k1'));
    await vi.waitFor(() => expect(w.acks()).toHaveLength(1));
    expect(w.acks()[0]).toEqual({ type: 'ack', ackId: 'k1', approval: { outcome: 'decided', decision: 'approved' } });
    // The panel did not hear the ack (its Port died) and sends the same decision again on its new Port.
    w.deliver(approve(runId, 'k2'));
    await vi.waitFor(() => expect(w.acks()).toHaveLength(2));
    expect(w.acks()[1]).toEqual({
      type: 'ack',
      ackId: 'k2',
      approval: { outcome: 'decided', decision: 'approved', repeated: true },
    });
    await vi.waitFor(() => expect(w.events().some((e) => e.type === 'run-finish')).toBe(true));
    expect(w.dangerous.executions).toHaveLength(1);
    expect(w.received.filter((m) => m.type === 'command-error')).toEqual([]);
  });

  it('a decision after the run ended, or unlike the one taken, is answered, not thrown', async () => {
    const w = worker([
      [call('d1'), finish('tool-calls')],
      [text('done'), finish()],
    ]);
    const runId = await awaitingApproval(w);
    w.deliver(approve(runId, 'k1', 'denied'));
    await vi.waitFor(() => expect(w.events().some((e) => e.type === 'run-finish')).toBe(true));
    w.deliver(approve(runId, 'k2', 'approved'));
    w.deliver({ ...approve('no-such-run', 'k3'), toolCallId: 'zz' });
    await vi.waitFor(() => expect(w.acks()).toHaveLength(3));
    expect(w.acks().slice(1)).toEqual([
      { type: 'ack', ackId: 'k2', approval: { outcome: 'decided-otherwise', decision: 'denied' } },
      { type: 'ack', ackId: 'k3', approval: { outcome: 'closed' } },
    ]);
    expect(w.dangerous.executions).toHaveLength(0);
    expect(w.received.filter((m) => m.type === 'command-error')).toEqual([]);
  });

  it('a decision for a run stopped while its card waited is answered closed', async () => {
    const w = worker([[call('d1'), finish('tool-calls')]]);
    const runId = await awaitingApproval(w);
    w.deliver({ type: 'stop', conversationId: w.conversationId(), ackId: 's1' });
    await vi.waitFor(() => expect(w.acks()).toHaveLength(1));
    expect(w.acks()[0]).toEqual({ type: 'ack', ackId: 's1' });
    w.deliver(approve(runId, 'k1'));
    await vi.waitFor(() => expect(w.acks()).toHaveLength(2));
    expect(w.acks()[1]).toEqual({ type: 'ack', ackId: 'k1', approval: { outcome: 'closed' } });
    expect(w.dangerous.executions).toHaveLength(0);
  });

  it('an error meets the command in its ack (no separate command-error), so the panel stops resending it', async () => {
    const journal = createMemoryRunJournal();
    const failing: RunJournal = {
      ...journal,
      read: async (id) => {
        if (id === 'r-broken') throw new Error('The journal could not be read');
        return journal.read(id);
      },
    };
    const w = worker([], { journal: failing });
    w.deliver({ ...approve('r-broken', 'k1'), toolCallId: 'd1' });
    w.deliver({ type: 'stop', conversationId: 'c-none', ackId: 's1' });
    await vi.waitFor(() => expect(w.acks()).toHaveLength(2));
    expect(w.acks()).toEqual(
      expect.arrayContaining([
        { type: 'ack', ackId: 'k1', error: 'The journal could not be read' },
        { type: 'ack', ackId: 's1' },
      ]),
    );
    expect(w.received.filter((m) => m.type === 'command-error')).toEqual([]);
    // A command without an ackId keeps its old answer.
    w.deliver({ type: 'retry', conversationId: 'c-none' });
    await vi.waitFor(() => expect(w.received.some((m) => m.type === 'command-error')).toBe(true));
  });

  it('a Stop sent again to a fresh worker before it resumed the run stops that run', async () => {
    const store = createMemoryConversationStore();
    const journal = createMemoryRunJournal();
    const first = worker([[text('partial '), { hang: true }]], { store, journal });
    first.deliver({ type: 'send', conversationId: null, text: 'long one', clientId: 'u1' });
    await vi.waitFor(() => expect(first.events().some((e) => e.type === 'text-delta')).toBe(true));
    const id = first.conversationId();
    first.runtime.abandon(); // the worker dies; the panel's Stop was posted on the dead Port
    const second = worker([[text('more '), { hang: true }]], { store, journal, slowWake: 30 });
    const woke = second.service.resumeAfterWake();
    // The reconnecting panel subscribes and resends its Stop at once, before the wake has found the run.
    second.deliver({ type: 'subscribe', conversationId: id });
    second.deliver({ type: 'stop', conversationId: id, ackId: 's1' });
    await woke;
    await vi.waitFor(() => expect(second.acks()).toHaveLength(1), { timeout: 3000 });
    await vi.waitFor(async () => expect((await store.listMessages(id)).at(-1)?.status).toBe('stopped'), {
      timeout: 3000,
    });
  });
});
