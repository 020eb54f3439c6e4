/** The task store in real IndexedDB: checked on read, a corrupt record skipped and counted, writes all or none. */
import { describe, expect, it } from 'vitest';
import { openDB } from 'idb';
import { openTaskStore } from '../../../lib/storage/task-store';
import type { SavedTask } from '../../../lib/core/saved-task';

const task = (name: string, extra: Partial<SavedTask> = {}): SavedTask => ({
  id: `id-${name}`,
  kind: 'prompt',
  name,
  instruction: `Do ${name} for {who}`,
  createdAt: 1,
  updatedAt: 2,
  ...extra,
});

describe('task store', () => {
  it('puts, lists by name, finds by id and name, deletes', async () => {
    const store = openTaskStore(`tasks-${crypto.randomUUID()}`);
    await store.put(task('zeta', { startUrl: 'https://z.example/' }));
    await store.put(task('alpha', { model: { providerId: 'p1', modelId: 'm' } }));
    expect((await store.list()).tasks.map((k) => k.name)).toEqual(['alpha', 'zeta']);
    expect(await store.get('id-zeta')).toMatchObject({ startUrl: 'https://z.example/' });
    expect(await store.getByName('alpha')).toMatchObject({ model: { providerId: 'p1', modelId: 'm' } });
    await store.delete('id-alpha');
    expect((await store.list()).tasks.map((k) => k.name)).toEqual(['zeta']);
  });

  it('skips and counts a record another version or a bug wrote, and never returns it', async () => {
    const name = `tasks-${crypto.randomUUID()}`;
    const store = openTaskStore(name);
    await store.put(task('good'));
    const raw = await openDB(name);
    await raw.put('tasks', { id: 'bad1', kind: 'prompt', name: 'bad', instruction: 'x', startUrl: 'javascript:1' });
    await raw.put('tasks', { id: 'bad2', name: 42 });
    raw.close();
    expect(await store.list()).toEqual({ tasks: [task('good')], skipped: 2 });
    expect(await store.get('bad1')).toBeUndefined();
    expect(await store.getByName('bad')).toBeUndefined();
  });

  it('refuses to write a task that does not pass the schema, and a batch with one writes none', async () => {
    const store = openTaskStore(`tasks-${crypto.randomUUID()}`);
    await expect(store.put(task('x', { startUrl: 'file:///etc/passwd' }))).rejects.toThrow();
    await expect(store.putAll([task('a'), task('b', { name: 'B B' })])).rejects.toThrow();
    expect(await store.list()).toEqual({ tasks: [], skipped: 0 });
  });
});
