/**
 * The comparison driver (issue 28) with the chat service faked at its edge: models run one after another, each
 * run is stored as running before it is sent, and a worker that wakes mid-comparison waits for the run it was in
 * (which the chat service resumes) before the next model: no run is ever sent twice. Stop cancels the rest.
 */
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../lib/agent/agent-event';
import type { Comparison } from '../../../lib/core/eval-comparison';
import { comparisonSchema } from '../../../lib/core/eval-comparison';
import { createEvalDriver, type EvalDriverDeps } from '../../../lib/background/eval-driver';
import type { PanelCommand } from '../../../lib/background/panel-port';
import type { EvalStore } from '../../../lib/storage/eval-store';
import type { MessageRecord } from '../../../lib/storage/records';
import { createMemoryConversationStore } from './memory-conversation-store';

function memoryEvalStore(): EvalStore {
  const all = new Map<string, Comparison>();
  return {
    list: async () => ({ comparisons: [...all.values()].map((c) => structuredClone(c)), skipped: 0 }),
    get: async (id) => structuredClone(all.get(id)),
    put: async (c) => void all.set(c.id, comparisonSchema.parse(structuredClone(c))),
    putAll: async (list) => list.forEach((c) => all.set(c.id, comparisonSchema.parse(structuredClone(c)))),
    delete: async (id) => void all.delete(id),
    clear: async () => all.clear(),
  };
}

/** The chat service's edge: a send stores the user message and a streaming answer; the test settles it. */
function fakeChat(conversations: ReturnType<typeof createMemoryConversationStore>) {
  const live = new Set<string>();
  const commands: PanelCommand[] = [];
  let n = 0;
  return {
    live,
    commands,
    sends: () => commands.filter((c) => c.type === 'send').map((c) => (c as { conversationId: string }).conversationId),
    async handle(_port: unknown, command: PanelCommand) {
      commands.push(command);
      if (command.type !== 'send' && command.type !== 'retry') return;
      const conversationId = command.conversationId!;
      if (command.type === 'send')
        await conversations.putMessage({
          id: `u${++n}`,
          conversationId,
          role: 'user',
          text: command.text,
          status: 'complete',
          createdAt: n,
        });
      await conversations.putMessage(answer(conversationId, 'streaming', ++n));
      live.add(conversationId);
    },
    isRunning: (id: string) => live.has(id),
    async stop(id: string) {
      await this.settle(id, 'stopped');
    },
    async settle(id: string, status: MessageRecord['status'] = 'complete', text = 'Done') {
      const last = (await conversations.listMessages(id)).findLast((m) => m.role === 'assistant')!;
      await conversations.putMessage({
        ...last,
        status,
        text,
        usage: { inputTokens: 10, outputTokens: 2, cachedInputTokens: 0, cacheWriteTokens: 0 },
      });
      live.delete(id);
    },
  };
}

const answer = (conversationId: string, status: MessageRecord['status'], at: number): MessageRecord => ({
  id: `a-${conversationId}-${at}`,
  conversationId,
  role: 'assistant',
  text: '',
  status,
  createdAt: at,
  runId: `run-${conversationId}`,
  model: 'Fake · m',
  unpriced: true,
});

const events: AgentEvent[] = [
  { type: 'step-start', runId: 'r', step: 0 },
  { type: 'tool-call-start', runId: 'r', toolCallId: 'c1', toolName: 'read_page' },
  { type: 'step-start', runId: 'r', step: 1 },
];

/** A store that stops answering once its worker is "killed" (what a dead worker's driver would see: nothing). */
function killable(store: EvalStore) {
  let dead = false;
  const never = new Promise<never>(() => {});
  const wrap =
    <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
    (...a: A) =>
      dead ? never : f(...a);
  return {
    kill: () => void (dead = true),
    store: {
      list: wrap(store.list),
      get: wrap(store.get),
      put: wrap(store.put),
      delete: wrap(store.delete),
      clear: wrap(store.clear),
    } as EvalStore,
  };
}

function setUp(store = memoryEvalStore(), conversations = createMemoryConversationStore()) {
  const chat = fakeChat(conversations);
  let id = 0;
  let clock = 1000;
  const deps: EvalDriverDeps = {
    store,
    conversations,
    chat,
    replayRun: async () => events,
    openTab: async (url) => ({ tabId: 7, url }),
    readers: (_tabId, answerText) => ({
      answerText,
      pageText: async () => '',
      fields: async () => [],
      finalUrl: async () => 'https://shop.test/',
    }),
    now: () => (clock += 100),
    generateId: () => `id${++id}`,
    pollMs: 1,
  };
  return { driver: createEvalDriver(deps), chat, store, conversations };
}

const models = [
  { providerId: 'p', modelId: 'a', label: 'Fake · a' },
  { providerId: 'p', modelId: 'b', label: 'Fake · b' },
];
const input = {
  taskId: 't',
  taskName: 'order',
  instruction: 'Order',
  startUrl: 'https://shop.test/',
  check: { kind: 'text' as const, where: 'answer' as const, text: 'confirmed' },
};
const until = async (f: () => boolean | Promise<boolean>) => {
  for (let i = 0; i < 2000; i++) {
    if (await f()) return;
    await new Promise((r) => setTimeout(r, 2));
  }
  throw new Error('timed out');
};

describe('comparison driver', () => {
  it('runs the models one after another and records the check, steps, tool calls and tokens', async () => {
    const { driver, chat, store } = setUp();
    const c = await driver.start(input, models);
    await until(() => chat.sends().length === 1);
    await new Promise((r) => setTimeout(r, 20));
    expect(chat.sends()).toHaveLength(1);
    await chat.settle(chat.sends()[0]!, 'complete', 'Order confirmed.');
    await until(() => chat.sends().length === 2);
    await chat.settle(chat.sends()[1]!, 'complete', 'I could not.');
    await until(async () => (await store.get(c.id))!.status === 'done');
    const done = (await store.get(c.id))!;
    expect(done.runs.map((r) => [r.state, r.passed, r.steps, r.toolCalls, r.inputTokens, r.outputTokens])).toEqual([
      ['done', true, 2, 1, 10, 2],
      ['done', false, 2, 1, 10, 2],
    ]);
    expect(done.runs.every((r) => r.costUsd === undefined)).toBe(true);
    await expect(driver.start(input, models)).resolves.toBeTruthy();
  });

  it('a worker that wakes mid-run waits for that run and starts the next once, whatever wakes it twice', async () => {
    const shared = memoryEvalStore();
    const doomed = killable(shared);
    const first = setUp(doomed.store);
    const c = await first.driver.start(input, models);
    await until(() => first.chat.sends().length === 1);
    // The worker dies: a new driver on the same stores; the chat service has resumed the run (it is live).
    doomed.kill();
    const woken = setUp(shared, first.conversations);
    const running = first.chat.sends()[0]!;
    woken.chat.live.add(running);
    await Promise.all([woken.driver.resume(), woken.driver.resume()]);
    void woken.driver.advance(c.id);
    await new Promise((r) => setTimeout(r, 30));
    expect(woken.chat.sends()).toEqual([]);
    await woken.chat.settle(running, 'complete', 'confirmed');
    await until(() => woken.chat.sends().length === 1);
    await new Promise((r) => setTimeout(r, 30));
    expect(woken.chat.sends()).toHaveLength(1);
    expect(woken.chat.sends()[0]).not.toBe(running);
    expect(first.chat.sends()).toHaveLength(1);
    const stored = (await shared.get(c.id))!;
    expect(stored.runs.map((r) => r.state)).toEqual(['done', 'running']);
  });

  it('a message stored but never answered (the worker died before its turn) is answered once, by a retry', async () => {
    const first = setUp();
    const c = await first.driver.start(input, models);
    await until(() => first.chat.sends().length === 1);
    const id = first.chat.sends()[0]!;
    // As if the worker died after storing the user message, before any run was journaled: no answer, no run.
    const woken = setUp(memoryEvalStore(), first.conversations);
    await woken.store.put((await first.store.get(c.id))!);
    await first.driver.stop(c.id).catch(() => {});
    for (const m of await first.conversations.listMessages(id))
      if (m.role === 'assistant') await first.conversations.deleteMessage(m.id);
    first.chat.live.delete(id);
    void woken.driver.advance(c.id);
    await until(() => woken.chat.commands.length === 1);
    expect(woken.chat.commands[0]).toEqual({ type: 'retry', conversationId: id });
    await woken.chat.settle(id, 'complete', 'confirmed');
    await until(() => woken.chat.sends().length === 1);
    expect(woken.chat.commands.filter((k) => k.type === 'retry')).toHaveLength(1);
  });

  it('Stop stops the run under way and cancels the models not reached', async () => {
    const { driver, chat, store } = setUp();
    const c = await driver.start(input, models);
    await until(() => chat.sends().length === 1);
    await driver.stop(c.id);
    await until(async () => (await store.get(c.id))!.runs[0]!.state === 'stopped');
    await new Promise((r) => setTimeout(r, 30));
    const stopped = (await store.get(c.id))!;
    expect(stopped.status).toBe('stopped');
    expect(stopped.runs.map((r) => r.state)).toEqual(['stopped', 'cancelled']);
    expect(chat.sends()).toHaveLength(1);
  });

  it('only one comparison runs at a time', async () => {
    const { driver } = setUp();
    await driver.start(input, models);
    await expect(driver.start(input, models)).rejects.toThrow('already running');
  });
});
