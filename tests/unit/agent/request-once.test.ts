/**
 * What a request no longer waits for or repeats (issue 24, Enter → request): token counts of the tool specs and
 * the system prompt remembered by text, the tools' shared offer checks read once per request, and the journal's
 * writes issued after the request, not before it. Each cache is checked against the change that must show at once.
 */
import { describe, expect, it } from 'vitest';
import { createAgentRuntime } from '../../../lib/agent/agent-runtime';
import { createMemoryRunJournal } from '../../../lib/agent/memory-run-journal';
import { rememberedCounts } from '../../../lib/agent/remembered-counts';
import type { RunJournal } from '../../../lib/agent/run-journal';
import { textReply } from '../../../lib/agent/testing/fake-chat-model';
import type { ToolContext } from '../../../lib/tools/define-tool';
import { createFolderTools } from '../../../lib/tools/folder/folder-tools';
import { createInMemoryMemoryStore, type MemoryStore } from '../../../lib/tools/memory-store';
import { createMemoryTools } from '../../../lib/tools/memory-tools';
import { setup } from './harness';

const offeredNames = (call: { tools?: Array<{ name: string }> }) => (call.tools ?? []).map((t) => t.name);

describe('remembered token counts', () => {
  it('counts a text once per counter, and a changed text afresh', () => {
    const countOnce = rememberedCounts();
    const counted: string[] = [];
    const count = (text: string) => (counted.push(text), text.length);
    const tools = JSON.stringify([{ name: 'read_page' }]);
    expect(countOnce(tools, count)).toBe(tools.length);
    expect(countOnce(tools, count)).toBe(tools.length);
    expect(counted).toEqual([tools]);
    // A tool set that changed (a server connected, a site's tools offered) is another text: counted, not reused.
    const more = JSON.stringify([{ name: 'read_page' }, { name: 'mcp_weather' }]);
    expect(countOnce(more, count)).toBe(more.length);
    expect(counted).toEqual([tools, more]);
    // Another counter (the model's own tokenizer, once loaded) has counts of its own.
    const other = (text: string) => text.length * 2;
    expect(countOnce(tools, other)).toBe(tools.length * 2);
    expect(countOnce(tools, count)).toBe(tools.length);
  });

  it('keeps a handful of texts, and counts again one it let go', () => {
    const countOnce = rememberedCounts();
    let calls = 0;
    const count = (text: string) => (calls++, text.length);
    for (let i = 0; i < 20; i++) countOnce(`text ${i}`, count);
    expect(calls).toBe(20);
    expect(countOnce('text 0', count)).toBe('text 0'.length);
    expect(calls).toBe(21);
    expect(countOnce('text 19', count)).toBe('text 19'.length);
    expect(calls).toBe(21);
  });

  it('through the runtime: the same tools are counted once over two runs; a new tool set is counted for the next request', async () => {
    const counted: string[] = [];
    const memories = createInMemoryMemoryStore();
    const s = setup({
      builtins: createMemoryTools(memories, { now: () => 1, generateId: () => 'm1' }),
      scripts: [textReply('one'), textReply('two'), textReply('three')],
      runtime: { estimateTokens: (text) => (counted.push(text), Math.ceil(text.length / 4)) },
    });
    await (
      await s.start('first')
    ).done;
    const specsOf = (i: number) => JSON.stringify(s.model.calls[i]!.tools);
    const timesCounted = (text: string) => counted.filter((c) => c === text).length;
    expect(timesCounted(specsOf(0))).toBe(1);
    await (
      await s.start('second')
    ).done;
    expect(specsOf(1)).toBe(specsOf(0));
    expect(timesCounted(specsOf(0))).toBe(1);
    await memories.save({ id: 'm1', text: 'The user likes tea.', tags: [], createdAt: 1 });
    await (
      await s.start('third')
    ).done;
    expect(offeredNames(s.model.calls[2]!)).toEqual(['memory_save', 'memory_search', 'memory_delete']);
    expect(timesCounted(specsOf(2))).toBe(1);
  });
});

describe('offer checks shared by several tools', () => {
  function countingMemories(): MemoryStore & { lists: number } {
    const inner = createInMemoryMemoryStore();
    const store = {
      ...inner,
      lists: 0,
      list: () => {
        store.lists++;
        return inner.list();
      },
    };
    return store;
  }

  it('memory_search and memory_delete read the memories once per request, and see a memory saved before the next', async () => {
    const memories = countingMemories();
    const s = setup({
      builtins: createMemoryTools(memories, { now: () => 1, generateId: () => 'm1' }),
      scripts: [textReply('one'), textReply('two')],
    });
    await (
      await s.start('first')
    ).done;
    expect(memories.lists).toBe(1);
    expect(offeredNames(s.model.calls[0]!)).toEqual(['memory_save']);
    await memories.save({ id: 'm1', text: 'The user likes tea.', tags: [], createdAt: 1 });
    await (
      await s.start('second')
    ).done;
    expect(memories.lists).toBe(2);
    expect(offeredNames(s.model.calls[1]!)).toEqual(['memory_save', 'memory_search', 'memory_delete']);
  });

  it('the four folder tools ask for the picked folder once per offer; a folder picked or forgotten shows in the next', async () => {
    let picked: { handle: never; name: string } | undefined;
    let asked = 0;
    const tools = createFolderTools({
      folder: async () => {
        asked++;
        return picked;
      },
    });
    const ctx = () => ({ runId: 'r', toolCallId: '', agentPath: [] }) as unknown as ToolContext;
    const offer = async (c: ToolContext) => Promise.all(tools.map((t) => t.offered!(c)));
    expect(await offer(ctx())).toEqual([false, false, false, false]);
    expect(asked).toBe(1);
    picked = { handle: {} as never, name: 'Docs' };
    expect(await offer(ctx())).toEqual([true, true, true, true]);
    expect(asked).toBe(2);
    picked = undefined;
    expect(await offer(ctx())).toEqual([false, false, false, false]);
    expect(asked).toBe(3);
  });
});

describe('the journal is written after the request goes out', () => {
  it("the run's and the step's records are written once the model was called, in that order", async () => {
    const order: string[] = [];
    const inner = createMemoryRunJournal();
    const journal: RunJournal = {
      ...inner,
      write: (batch) => {
        if (batch.run && batch.runInput) order.push('write run');
        if (batch.requests?.length) order.push('write request');
        return inner.write(batch);
      },
    };
    const s = setup({ journal, scripts: [textReply('hello')] });
    const stream = s.model.stream.bind(s.model);
    s.model.stream = (call, signal) => (order.push('model called'), stream(call, signal));
    s.options.resolveModel = () => (order.push('model resolved'), s.model);
    const runtime = createAgentRuntime(s.options);
    const r = await (
      await runtime.startRun({
        conversationId: 'c',
        messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
        model: { provider: 'fake', modelId: 'fake-model' },
      })
    ).done;
    expect(r.reason).toBe('stop');
    expect(order).toEqual(['model resolved', 'model called', 'write run', 'write request']);
    // What the model saw is journaled all the same, exactly as sent.
    const snap = await inner.read(r.runId);
    expect(snap?.steps[0]?.request?.messages).toEqual(s.model.calls[0]!.messages);
    expect(snap?.steps[0]?.request?.system).toBe(s.model.calls[0]!.system);
  });
});
