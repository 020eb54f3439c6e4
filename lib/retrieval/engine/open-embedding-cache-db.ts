/**
 * Opens (creating or migrating) the cache database. Rejects, rather than waiting, when a connection that
 * will not close blocks the upgrade: ingestion must not hang on the cache.
 */
import { openDB } from 'idb';
import {
  EMBEDDING_CACHE_DB_NAME,
  EMBEDDING_CACHE_DB_VERSION,
  embeddingCacheMigrations,
  type CacheDb,
  type EmbeddingCacheDb,
} from './embedding-cache-schema';

/** `onGone` is called when the connection closes under the cache (another version, a deletion, the browser). */
export function openEmbeddingCacheDb(name = EMBEDDING_CACHE_DB_NAME, onGone: () => void = () => {}): Promise<CacheDb> {
  return new Promise((resolve, reject) => {
    let gaveUp = false;
    openDB<EmbeddingCacheDb>(name, EMBEDDING_CACHE_DB_VERSION, {
      upgrade(db, oldVersion) {
        for (let v = oldVersion; v < EMBEDDING_CACHE_DB_VERSION; v++) embeddingCacheMigrations[v]!(db);
      },
      blocked: () => {
        gaveUp = true;
        reject(new Error(`opening "${name}" is blocked by another connection`));
      },
      // A newer version, or a deletion, waits for this connection: let it through.
      blocking(_current, _blocked, event) {
        (event.target as IDBDatabase).close();
        onGone();
      },
      // The browser closed the connection (storage cleared, disk error): reopen on next use.
      terminated: onGone,
    }).then((db) => (gaveUp ? db.close() : resolve(db)), reject);
  });
}
