import { describe, expect, it, vi } from 'vitest';
import { createMemoryEmbeddingCacheStore } from '../../../../lib/retrieval/engine/embedding-cache';
import type { EngineContext } from '../../../../lib/retrieval/engine/engine-context';
import type { WorkerEmbedder } from '../../../../lib/retrieval/engine/create-worker-embedder';
import type { IndexDatabase } from '../../../../lib/retrieval/engine/index-persistence';

// Restoring from IndexedDB is covered by the browser tests; here the store holds nothing, or is damaged.
let damaged = false;
vi.mock('../../../../lib/retrieval/engine/index-persistence', () => ({
  loadStoredIndex: vi.fn(async () => {
    if (damaged) throw new Error('chunk 3 points at a missing page');
    return {};
  }),
  loadIndex: vi.fn(),
  clearStoredIndex: vi.fn(async () => undefined),
}));
const { configureModel } = await import('../../../../lib/retrieval/engine/configure-model');

const model = { id: 'Xenova/all-MiniLM-L6-v2', dtype: 'q8' as const, allowRemote: true };
const contextOf = (): EngineContext => ({
  spawnWorker: () => {
    throw new Error('no worker in this test');
  },
  crossOriginIsolated: false,
  db: Promise.resolve({} as IndexDatabase),
  cache: createMemoryEmbeddingCacheStore(),
  recent: createMemoryEmbeddingCacheStore(),
  persist: vi.fn(async () => undefined),
  savedBytes: 0,
});

describe('configureModel', () => {
  it('keeps the slot while the settings are the same, and starts restoring a new one when they change', async () => {
    const ctx = contextOf();
    const first = configureModel(ctx, model);
    expect(configureModel(ctx, { ...model })).toBe(first);
    expect(await first.stored).toBeUndefined();
    const dispose = vi.fn();
    first.worker = { dispose } as unknown as WorkerEmbedder;
    const second = configureModel(ctx, { ...model, dtype: 'fp32' });
    expect(second).not.toBe(first);
    expect(ctx.current).toBe(second);
    expect(dispose).toHaveBeenCalledOnce();
  });

  it('resets a damaged stored index and says so, rather than failing every request', async () => {
    damaged = true;
    const ctx = contextOf();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const slot = configureModel(ctx, model);
    expect(await slot.stored).toBeUndefined();
    expect(ctx.storeReset).toMatch(/could not be read \(chunk 3 points at a missing page\) and was reset/);
    damaged = false;
  });
});
