import { RetrievalError } from '../retrieval-error';
import type { EngineContext } from './engine-context';
import { clearStoredIndex, type IndexDatabase } from './index-persistence';

/**
 * Restores the stored index. A damaged one (records that disagree, wrong types: a crash mid-write or a
 * tampered profile) would fail every capture forever, so it is cleared and a new index started; stats
 * say so. It only held data derived from pages, which are indexed again when next visited. A store that
 * cannot be read at all (IndexedDB failing) is not cleared: that error is passed on.
 */
export async function restoreOrReset<T>(
  ctx: EngineContext,
  restore: (store: IndexDatabase) => Promise<T>,
  empty: T,
): Promise<T> {
  const store = await ctx.db;
  try {
    return await restore(store);
  } catch (error) {
    if (error instanceof RetrievalError && error.code === 'storage_failed') throw error;
    console.error('Tabwise: the stored history index is damaged; starting a new one', error);
    await clearStoredIndex(store);
    ctx.storeReset = `The stored index could not be read (${error instanceof Error ? error.message : String(error)}) and was reset; pages are indexed again as you visit them.`;
    return empty;
  }
}
