/** Debounced, chained saves of the live index: never two at once, and each caller learns when its change is on disk. */
import { saveIndex, type IndexDatabase } from './index-persistence';
import type { ModelSlot } from './model-slot';

export interface IndexSaverOptions {
  db: Promise<IndexDatabase>;
  /** Coalesces saves of bursts of changes. */
  delayMs: number;
  now: () => number;
  /** The approximate bytes of each finished save (for stats). */
  onSaved(bytes: number): void;
}

/**
 * Creates the saver. While re-embedding, the previous model's index stays the stored truth (a crash then
 * loses no page), so the slot's `previous` index is saved when there is one.
 */
export function createIndexSaver(options: IndexSaverOptions): (slot: ModelSlot) => Promise<void> {
  let saveChain: Promise<unknown> = Promise.resolve();
  let pendingSave: { promise: Promise<void>; resolve: () => void; reject: (e: unknown) => void } | undefined;
  return (slot) => {
    if (!pendingSave) {
      let resolve!: () => void;
      let reject!: (e: unknown) => void;
      const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
      const waiter = (pendingSave = { promise, resolve, reject });
      setTimeout(() => {
        pendingSave = undefined;
        saveChain = saveChain
          .then(async () => {
            const target = slot.previous ?? slot.index;
            if (target) options.onSaved(await saveIndex(await options.db, target, options.now));
          })
          .then(waiter.resolve, waiter.reject);
      }, options.delayMs);
    }
    return pendingSave.promise;
  };
}
