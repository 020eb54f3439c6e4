/**
 * The cache's one connection to its database, opened on first use and opened again after the browser or
 * another version closed it. Opening never fails for the caller: only derived data lives here, so a
 * database that cannot be opened is deleted and made again, and failing that the cache is off (reads
 * miss, writes are skipped) until a clear deletes the database.
 */
import type { CacheDb } from './embedding-cache-schema';
import { deleteEmbeddingCacheDb } from './delete-embedding-cache-db';
import { openEmbeddingCacheDb } from './open-embedding-cache-db';
import { within } from './within';

export interface EmbeddingCacheConnection {
  readonly name: string;
  /** The open database, or undefined while the cache is off. Never rejects. */
  connect(): Promise<CacheDb | undefined>;
  /** Deletes the database (rejects when it is blocked or takes longer than the time limit). */
  remove(): Promise<void>;
  /** Keeps the cache off (connect answers undefined) until `reset`: for while the database is being deleted. */
  disable(): void;
  /** The next connect opens the database again. */
  reset(): void;
  /** Ends the connection (the next call opens it again). */
  close(): void;
  /**
   * Set while a deletion could not be done: every later deletion (even of nothing) tries to clear again
   * and fails until it can, so a retried "delete" is not reported done while vectors may remain.
   */
  mustClear: boolean;
}

export function createEmbeddingCacheConnection(name: string, timeoutMs: number): EmbeddingCacheConnection {
  const open = (onGone: () => void) => {
    const opening = openEmbeddingCacheDb(name, onGone);
    return within(opening, timeoutMs, `opening the embedding cache "${name}"`).catch((error: unknown) => {
      // Should it open after all, nothing uses that connection.
      void opening.then(
        (db) => db.close(),
        () => {},
      );
      throw error;
    });
  };
  const remove = () => within(deleteEmbeddingCacheDb(name), timeoutMs, `deleting the embedding cache "${name}"`);
  // Resolves to undefined once opening failed twice: the cache is then off until a clear() deletes the database.
  let connection: Promise<CacheDb | undefined> | undefined;

  function connect(): Promise<CacheDb | undefined> {
    const forget = () => {
      if (connection === opening) connection = undefined;
    };
    const opening = (connection ??= (async () => {
      try {
        return await open(forget);
      } catch (error) {
        // Only derived data lives here: a database that cannot be opened (corrupt, or written by a newer
        // version) is deleted and made again.
        console.error(`Tabwise: could not open the embedding cache "${name}"; recreating it`, error);
        try {
          await remove();
          return await open(forget);
        } catch (again) {
          console.error('Tabwise: the embedding cache is unavailable; embedding without it', again);
          return undefined;
        }
      }
    })());
    return opening;
  }

  return {
    name,
    connect,
    remove,
    disable() {
      connection = Promise.resolve(undefined);
    },
    reset() {
      connection = undefined;
    },
    close() {
      const current = connection;
      connection = undefined;
      void current?.then((db) => db?.close());
    },
    mustClear: false,
  };
}
