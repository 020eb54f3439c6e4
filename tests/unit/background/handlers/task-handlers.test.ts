/** tasks.*: unique names, a start page read from the store and checked again, and an import that loses nothing. */
import { describe, expect, it } from 'vitest';
import { createTaskHandlers } from '../../../../lib/background/handlers/task-handlers';
import { createDataTransferHandlers } from '../../../../lib/background/handlers/data-transfer-handlers';
import { createInMemoryMemoryStore } from '../../../../lib/tools/memory-store';
import type { SavedTask } from '../../../../lib/core/saved-task';
import type { TaskStore } from '../../../../lib/storage/task-store';
import { createMemoryConversationStore } from '../memory-conversation-store';
import { createFakeProviderStore, createFakeSettingsStore } from './fakes';

/** The task store's contract over a Map; `corrupt` records are there but do not pass the schema. */
function memoryTaskStore(corrupt: unknown[] = []): TaskStore & { raw: Map<string, unknown> } {
  const raw = new Map<string, unknown>(corrupt.map((c, i) => [`bad${i}`, c]));
  const good = () => [...raw.values()].filter((v): v is SavedTask => (v as SavedTask).kind === 'prompt');
  return {
    raw,
    list: async () => {
      const tasks = good().sort((a, b) => a.name.localeCompare(b.name));
      return { tasks, skipped: raw.size - tasks.length };
    },
    get: async (id) => good().find((k) => k.id === id),
    getByName: async (name) => good().find((k) => k.name === name),
    put: async (task) => void raw.set(task.id, task),
    putAll: async (tasks) => tasks.forEach((k) => raw.set(k.id, k)),
    delete: async (id) => void raw.delete(id),
    clear: async () => raw.clear(),
  };
}

function setup(store = memoryTaskStore()) {
  let n = 0;
  const opened: string[] = [];
  const h = createTaskHandlers({
    tasks: store,
    now: () => 100 + n,
    generateId: () => `t${++n}`,
    openTab: async (url) => {
      opened.push(url);
      return { tabId: 7 };
    },
  });
  return { store, h, opened };
}

describe('tasks.save / list / delete', () => {
  it('saves, lists with placeholders, edits in place and deletes', async () => {
    const { h } = setup();
    const saved = await h['tasks.save']({ name: 'hotels', instruction: 'Hotels in {city} for {dates}' });
    expect(saved.tasks).toEqual([
      expect.objectContaining({ id: 't1', name: 'hotels', kind: 'prompt', placeholders: ['city', 'dates'] }),
    ]);
    const edited = await h['tasks.save']({ id: 't1', name: 'hotels-2', instruction: 'Hotels' });
    expect(edited.tasks).toEqual([
      expect.objectContaining({ id: 't1', name: 'hotels-2', createdAt: 100, updatedAt: 101 }),
    ]);
    expect((await h['tasks.delete']({ id: 't1' })).tasks).toEqual([]);
  });

  it('refuses a name another task has, and editing a task that is gone', async () => {
    const { h } = setup();
    await h['tasks.save']({ name: 'hotels', instruction: 'a' });
    await h['tasks.save']({ name: 'trains', instruction: 'b' });
    await expect(h['tasks.save']({ name: 'hotels', instruction: 'c' })).rejects.toThrow(/bg_task_name_taken|hotels/);
    await expect(h['tasks.save']({ id: 't2', name: 'hotels', instruction: 'c' })).rejects.toThrow();
    await expect(h['tasks.save']({ id: 'nope', name: 'x', instruction: 'c' })).rejects.toThrow();
  });

  it("refuses a schedule for a task with placeholders, in its instruction or in a recording's steps", async () => {
    const { h, store } = setup();
    const schedule = { every: 'hours' as const, hours: 1, from: 1000, timeZone: 'UTC', missed: 'run' as const };
    await expect(h['tasks.save']({ name: 'a', instruction: 'Hotels in {city}', schedule })).rejects.toThrow(
      /bg_task_schedule_placeholders|placeholders/,
    );
    const steps = [{ action: 'type' as const, target: { role: 'textbox', name: 'Item' }, value: '{item}' }];
    await expect(h['tasks.save']({ name: 'b', instruction: 'Add an item', steps, schedule })).rejects.toThrow(
      /bg_task_schedule_placeholders|placeholders/,
    );
    expect(store.raw.size).toBe(0);
    // The same recording with a value of its own can be scheduled.
    const fixed = [{ ...steps[0]!, value: 'Milk' }];
    await h['tasks.save']({ name: 'b', instruction: 'Add an item', steps: fixed, schedule });
    expect([...store.raw.values()]).toEqual([expect.objectContaining({ name: 'b', kind: 'recording', schedule })]);
  });

  it('skips and counts a corrupt record instead of failing', async () => {
    const { h } = setup(memoryTaskStore([{ id: 'bad', kind: 'prompt?', name: 42 }]));
    expect(await h['tasks.list']({})).toEqual({ tasks: [], skipped: 1 });
  });
});

describe('tasks.openStartPage', () => {
  it('opens the stored address, not one from the request', async () => {
    const { h, opened } = setup();
    await h['tasks.save']({ name: 'news', instruction: 'Read it', startUrl: 'https://news.example/' });
    expect(await h['tasks.openStartPage']({ id: 't1' })).toEqual({ tabId: 7 });
    expect(opened).toEqual(['https://news.example/']);
  });

  it('refuses a stored address navigate would refuse (a record written around the form)', async () => {
    const store = memoryTaskStore();
    const { h, opened } = setup(store);
    await store.put({
      id: 'evil',
      kind: 'prompt',
      name: 'evil',
      instruction: 'x',
      startUrl: 'javascript:alert(1)',
      createdAt: 1,
      updatedAt: 1,
    });
    await expect(h['tasks.openStartPage']({ id: 'evil' })).rejects.toThrow();
    expect(opened).toEqual([]);
  });

  it('does nothing for a task without a start page', async () => {
    const { h, opened } = setup();
    await h['tasks.save']({ name: 'plain', instruction: 'x' });
    expect(await h['tasks.openStartPage']({ id: 't1' })).toEqual({});
    expect(opened).toEqual([]);
  });
});

describe('tasks in export and import', () => {
  async function world() {
    const tasks = memoryTaskStore();
    const deps = {
      conversations: createMemoryConversationStore(),
      memory: createInMemoryMemoryStore(),
      settings: createFakeSettingsStore({}),
      providers: createFakeProviderStore(),
      now: () => 42,
      tasks,
    };
    return { tasks, memory: deps.memory, h: createDataTransferHandlers(deps) };
  }
  const stored: SavedTask = {
    id: 'a1',
    kind: 'prompt',
    name: 'hotels',
    instruction: 'Hotels in {city}',
    startUrl: 'https://hotels.example/',
    createdAt: 1,
    updatedAt: 2,
  };

  it('exports the tasks and imports them into another browser', async () => {
    const from = await world();
    await from.tasks.put(stored);
    const file = await from.h['data.export']({});
    expect(file.tasks).toEqual([stored]);
    const to = await world();
    const result = await to.h['data.import']({ text: JSON.stringify(file) });
    expect(result.tasks).toBe(1);
    expect((await to.tasks.list()).tasks).toEqual([stored]);
    // Again: kept, not added twice.
    const again = await to.h['data.import']({ text: JSON.stringify(file) });
    expect(again).toMatchObject({ tasks: 0, kept: { tasks: 1 } });
  });

  it.each([
    ['a start page navigate refuses', { ...stored, startUrl: 'javascript:alert(document.cookie)' }],
    ['a name the composer cannot complete', { ...stored, name: 'Hotels In Paris' }],
    ['an empty instruction', { ...stored, instruction: '' }],
    ['a kind not known here', { ...stored, kind: 'macro' }],
  ])('refuses the whole import for %s, naming the task, and loses nothing here', async (_why, bad) => {
    const w = await world();
    const mine: SavedTask = { ...stored, id: 'mine', name: 'mine', instruction: 'Mine' };
    await w.tasks.put(mine);
    const file = await (await world()).h['data.export']({});
    const text = JSON.stringify({
      ...file,
      memories: [{ id: 'm9', text: 'should not land', tags: [], createdAt: 1 }],
      tasks: [stored, bad],
    });
    const error = await w.h['data.import']({ text }).catch((e: unknown) => e as Error);
    expect(String(error)).toMatch(/cannot be imported/);
    expect(String(error)).toContain(`"${bad.name || '#2'}"`);
    expect((await w.tasks.list()).tasks).toEqual([mine]);
    expect(await w.memory.list()).toEqual([]);
  });
});
