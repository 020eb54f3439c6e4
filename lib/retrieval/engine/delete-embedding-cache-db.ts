/** Deletes the cache database; rejects (instead of waiting) when a connection that will not close blocks it. */
import { deleteDB } from 'idb';

export function deleteEmbeddingCacheDb(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    deleteDB(name, { blocked: () => reject(new Error(`deleting "${name}" is blocked by another connection`)) }).then(
      resolve,
      reject,
    );
  });
}
