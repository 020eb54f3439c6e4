/**
 * Model comparisons travel with the settings file, like tasks: the round trip, one that was running arriving
 * stopped, a model following its provider and the comparison its task, and a corrupt or excess comparison refusing
 * the whole import with a clear error while nothing here is lost.
 */
import { describe, expect, it } from 'vitest';
import { createDataTransferHandlers } from '../../../../lib/background/handlers/data-transfer-handlers';
import { comparisonSchema, MAX_COMPARISONS, type Comparison } from '../../../../lib/core/eval-comparison';
import type { SavedTask } from '../../../../lib/core/saved-task';
import type { EvalStore } from '../../../../lib/storage/eval-store';
import type { TaskStore } from '../../../../lib/storage/task-store';
import { createInMemoryMemoryStore } from '../../../../lib/tools/memory-store';
import { createMemoryConversationStore } from '../memory-conversation-store';
import { createFakeProviderStore, createFakeSettingsStore } from './fakes';

/** The comparison store's contract over a Map, checked on the way in like the IndexedDB one. */
function memoryEvalStore(): Pick<EvalStore, 'list' | 'putAll'> & { all: Map<string, Comparison> } {
  const all = new Map<string, Comparison>();
  return {
    all,
    list: async () => ({
      comparisons: [...all.values()].sort((a, b) => b.createdAt - a.createdAt).map((c) => structuredClone(c)),
      skipped: 0,
    }),
    putAll: async (list) => {
      const checked = list.map((c) => comparisonSchema.parse(structuredClone(c)));
      for (const c of checked) all.set(c.id, c);
    },
  };
}

function memoryTaskStore(): Pick<TaskStore, 'list' | 'putAll'> & { all: Map<string, SavedTask> } {
  const all = new Map<string, SavedTask>();
  return {
    all,
    list: async () => ({ tasks: [...all.values()], skipped: 0 }),
    putAll: async (tasks) => tasks.forEach((k) => all.set(k.id, k)),
  };
}

function world() {
  const comparisons = memoryEvalStore();
  const tasks = memoryTaskStore();
  const providers = createFakeProviderStore();
  const memory = createInMemoryMemoryStore();
  const h = createDataTransferHandlers({
    conversations: createMemoryConversationStore(),
    memory,
    settings: createFakeSettingsStore({}),
    providers,
    tasks,
    comparisons,
    now: () => 42,
  });
  return { comparisons, tasks, providers, memory, h };
}

const task: SavedTask = {
  id: 'task-a',
  kind: 'prompt',
  name: 'order-prints',
  instruction: 'Order 3 prints',
  createdAt: 1,
  updatedAt: 1,
};

function comparison(id: string, over: Partial<Comparison> = {}): Comparison {
  return {
    id,
    taskId: 'task-a',
    taskName: 'order-prints',
    instruction: 'Order 3 prints',
    check: { kind: 'text', where: 'answer', text: 'ordered' },
    createdAt: 1000,
    status: 'done',
    runs: [
      {
        model: { providerId: 'p-file', modelId: 'model-a' },
        label: 'Fake · model-a',
        state: 'done',
        conversationId: 'c1',
        tabId: 12,
        startedAt: 1000,
        endedAt: 2000,
        passed: true,
        finish: 'complete',
        steps: 3,
        toolCalls: 2,
        inputTokens: 100,
        outputTokens: 20,
        costUsd: 0.001,
      },
      { model: { providerId: 'p-file', modelId: 'model-b' }, label: 'Fake · model-b', state: 'done', passed: false },
    ],
    ...over,
  } as Comparison;
}

describe('comparisons in export and import', () => {
  it('are exported and imported into another browser, once', async () => {
    const from = world();
    await from.comparisons.putAll([comparison('cmp1'), comparison('cmp2', { createdAt: 3000 })]);
    const file = await from.h['data.export']({});
    expect(file.comparisons?.map((c) => c.id)).toEqual(['cmp2', 'cmp1']);

    const to = world();
    const result = await to.h['data.import']({ text: JSON.stringify(file) });
    expect(result).toMatchObject({ comparisons: 2, kept: { comparisons: 0 } });
    const stored = to.comparisons.all.get('cmp1')!;
    // What the table shows comes back as it was; the tab id was the other browser's.
    expect(stored.runs[0]).toMatchObject({ passed: true, steps: 3, toolCalls: 2, inputTokens: 100, costUsd: 0.001 });
    expect(stored.runs[0]).not.toHaveProperty('tabId');
    expect(stored.check).toEqual({ kind: 'text', where: 'answer', text: 'ordered' });
    // Again: kept, not added twice.
    const again = await to.h['data.import']({ text: JSON.stringify(file) });
    expect(again).toMatchObject({ comparisons: 0, kept: { comparisons: 2 } });
    expect(to.comparisons.all.size).toBe(2);
  });

  it('a comparison running where it was exported arrives stopped, never to be resumed here', async () => {
    const from = world();
    const running = comparison('cmp1', { status: 'running' });
    running.runs = [
      { ...running.runs[0]!, state: 'running', passed: undefined } as Comparison['runs'][number],
      { ...running.runs[1]!, state: 'pending', passed: undefined } as Comparison['runs'][number],
    ];
    await from.comparisons.putAll([running]);
    const to = world();
    await to.h['data.import']({ text: JSON.stringify(await from.h['data.export']({})) });
    const stored = to.comparisons.all.get('cmp1')!;
    expect(stored.status).toBe('stopped');
    expect(stored.runs.map((r) => r.state)).toEqual(['stopped', 'cancelled']);
  });

  it("a run's model follows its provider here, and the comparison follows its task of the same name", async () => {
    const from = world();
    const provider = await from.providers.save({
      kind: 'openai',
      name: 'Fake',
      model: 'model-a',
      baseUrl: 'http://127.0.0.1:9/v1',
    });
    const c = comparison('cmp1');
    c.runs = c.runs.map((r) => ({ ...r, model: { ...r.model, providerId: provider.id } }));
    await from.comparisons.putAll([c]);
    await from.tasks.putAll([task]);
    const file = await from.h['data.export']({});

    const to = world();
    // Another provider first, so the file's provider gets another id here.
    await to.providers.save({ kind: 'anthropic', name: 'Other', model: 'm', baseUrl: 'https://api.anthropic.com' });
    await to.tasks.putAll([{ ...task, id: 'task-here', instruction: 'Order prints (mine)' }]);
    await to.h['data.import']({ text: JSON.stringify(file) });
    const here = (await to.providers.list()).find((p) => p.name === 'Fake')!;
    expect(here.id).not.toBe(provider.id);
    const stored = to.comparisons.all.get('cmp1')!;
    expect(stored.runs.map((r) => r.model.providerId)).toEqual([here.id, here.id]);
    expect(stored.taskId).toBe('task-here');
  });

  it.each([
    [
      'a run in a state not known here',
      (c: Record<string, unknown>) => ({
        ...c,
        runs: [{ ...(c.runs as object[])[0], state: 'exploded' }, (c.runs as object[])[1]],
      }),
    ],
    [
      'a single model (a comparison needs two)',
      (c: Record<string, unknown>) => ({ ...c, runs: [(c.runs as object[])[0]] }),
    ],
    [
      'a check of another kind',
      (c: Record<string, unknown>) => ({ ...c, check: { kind: 'javascript', code: 'return true' } }),
    ],
    ['no id', (c: Record<string, unknown>) => ({ ...c, id: '' })],
  ])('refuses the whole import for %s, naming the comparison, and loses nothing here', async (_why, corrupt) => {
    const w = world();
    await w.comparisons.putAll([comparison('mine', { taskName: 'mine' })]);
    const before = structuredClone([...w.comparisons.all.values()]);
    const file = await world().h['data.export']({});
    const text = JSON.stringify({
      ...file,
      memories: [{ id: 'm9', text: 'should not land', tags: [], createdAt: 1 }],
      tasks: [task],
      comparisons: [comparison('good'), corrupt(comparison('bad', { taskName: 'broken-one' }) as never)],
    });
    const error = await w.h['data.import']({ text }).catch((e: unknown) => e as Error);
    expect(String(error)).toMatch(/comparison "\/broken-one" cannot be imported: .+ Nothing was imported\./);
    expect([...w.comparisons.all.values()]).toEqual(before);
    expect(await w.memory.list()).toEqual([]);
    expect(w.tasks.all.size).toBe(0);
  });

  it('refuses a file that would make more comparisons than can be kept', async () => {
    const w = world();
    await w.comparisons.putAll([comparison('mine')]);
    const many = Array.from({ length: MAX_COMPARISONS }, (_, i) => comparison(`f${i}`));
    const file = { ...(await world().h['data.export']({})), comparisons: many };
    const error = await w.h['data.import']({ text: JSON.stringify(file) }).catch((e: unknown) => e as Error);
    expect(String(error)).toMatch(/would make 201 model comparisons; at most 200 can be kept/);
    expect([...w.comparisons.all.keys()]).toEqual(['mine']);
  });
});
