import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IndexDatabase } from '../../../../lib/retrieval/engine/index-persistence';
import type { HybridIndex } from '../../../../lib/retrieval/engine/hybrid-index-types';
import type { ModelSlot } from '../../../../lib/retrieval/engine/model-slot';

// The saver's contract is its timing and its choice of index; IndexedDB itself is covered by the browser tests.
const saved: Array<{ modelId: string; at: number }> = [];
let failNext = false;
vi.mock('../../../../lib/retrieval/engine/index-persistence', () => ({
  saveIndex: vi.fn(async (_db: unknown, index: { modelId: string }, now: () => number) => {
    if (failNext) {
      failNext = false;
      throw new Error('disk full');
    }
    saved.push({ modelId: index.modelId, at: now() });
    return 1234;
  }),
}));
const { createIndexSaver } = await import('../../../../lib/retrieval/engine/create-index-saver');

const indexOf = (modelId: string): HybridIndex => ({ modelId }) as HybridIndex;
const slotWith = (index?: HybridIndex, previous?: HybridIndex): ModelSlot => ({
  key: 'k',
  model: { id: 'm', dtype: 'q8', allowRemote: false },
  stored: Promise.resolve(undefined),
  status: 'idle',
  restored: 0,
  restoreMs: 0,
  index,
  previous,
});

describe('createIndexSaver', () => {
  beforeEach(() => {
    saved.length = 0;
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  function saver(bytes: number[] = []) {
    return createIndexSaver({
      db: Promise.resolve({} as IndexDatabase),
      delayMs: 400,
      now: () => 42,
      onSaved: (b) => bytes.push(b),
    });
  }

  it('coalesces a burst of changes into one save, and every caller learns when it is on disk', async () => {
    const bytes: number[] = [];
    const persist = saver(bytes);
    const slot = slotWith(indexOf('new@q8'));
    const both = Promise.all([persist(slot), persist(slot), persist(slot)]);
    expect(saved).toEqual([]);
    await vi.advanceTimersByTimeAsync(400);
    await both;
    expect(saved).toEqual([{ modelId: 'new@q8', at: 42 }]);
    expect(bytes).toEqual([1234]);
  });

  it("saves the previous model's index while a re-embed runs, so a crash loses no page", async () => {
    const persist = saver();
    const done = persist(slotWith(indexOf('new@q8'), indexOf('old@q8')));
    await vi.advanceTimersByTimeAsync(400);
    await done;
    expect(saved.map((s) => s.modelId)).toEqual(['old@q8']);
  });

  it('rejects the callers of a failed save, and the next change saves again', async () => {
    const persist = saver();
    const slot = slotWith(indexOf('new@q8'));
    failNext = true;
    const failed = persist(slot);
    const caught = failed.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(400);
    expect(await caught).toBeInstanceOf(Error);
    const next = persist(slot);
    await vi.advanceTimersByTimeAsync(400);
    await next;
    expect(saved).toHaveLength(1);
  });
});
