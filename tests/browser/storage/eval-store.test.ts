/** The comparison store in real IndexedDB: an import's batch is written all or none, and read back checked. */
import { describe, expect, it } from 'vitest';
import { openDB } from 'idb';
import { openEvalStore } from '../../../lib/storage/eval-store';
import type { Comparison } from '../../../lib/core/eval-comparison';

const comparison = (id: string, createdAt = 1): Comparison => ({
  id,
  taskId: 't1',
  taskName: 'order-prints',
  instruction: 'Order 3 prints',
  createdAt,
  status: 'done',
  runs: [
    { model: { providerId: 'p1', modelId: 'a' }, label: 'P · a', state: 'done', passed: true, steps: 2 },
    { model: { providerId: 'p1', modelId: 'b' }, label: 'P · b', state: 'done', passed: false },
  ],
});

describe('eval store', () => {
  it('writes a batch in one go and lists it newest first', async () => {
    const store = openEvalStore(`evals-${crypto.randomUUID()}`);
    await store.putAll([comparison('old', 1), comparison('new', 5)]);
    const { comparisons, skipped } = await store.list();
    expect(comparisons.map((c) => c.id)).toEqual(['new', 'old']);
    expect(comparisons[0]!.runs[0]).toMatchObject({ passed: true, steps: 2 });
    expect(skipped).toBe(0);
  });

  it('writes none of a batch with one comparison the schema refuses, and skips a corrupt stored one', async () => {
    const name = `evals-${crypto.randomUUID()}`;
    const store = openEvalStore(name);
    await store.put(comparison('mine'));
    const bad = { ...comparison('bad'), runs: [comparison('bad').runs[0]!] };
    await expect(store.putAll([comparison('good'), bad])).rejects.toThrow();
    expect((await store.list()).comparisons.map((c) => c.id)).toEqual(['mine']);
    // A record written around the store (another version, a hand edit) is skipped and counted, never shown.
    const db = await openDB(name);
    await db.put('comparisons', { id: 'odd', status: 'exploded' });
    db.close();
    expect(await store.list()).toMatchObject({ comparisons: [{ id: 'mine' }], skipped: 1 });
  });
});
