/**
 * Forgets every cached vector: the stores are emptied, or when that fails the database is deleted. Rejects
 * only when even the deletion failed, because a deletion the user asked for must not be reported done while
 * vectors may still be on disk (and then every later deletion tries again: `mustClear`).
 */
import { RetrievalError } from '../retrieval-error';
import type { EmbeddingCacheConnection } from './embedding-cache-connection';

export async function clearEmbeddingCache(connection: EmbeddingCacheConnection): Promise<void> {
  const db = await connection.connect();
  if (db) {
    try {
      const tx = db.transaction(['vectors', 'meta'], 'readwrite');
      await Promise.all([tx.objectStore('vectors').clear(), tx.objectStore('meta').clear(), tx.done]);
      connection.mustClear = false;
      return;
    } catch (error) {
      console.error('Tabwise: clearing the embedding cache failed; deleting its database', error);
    }
    db.close();
  }
  // Unused until it is gone (a request to open it would only queue behind the deletion).
  connection.disable();
  try {
    await connection.remove();
  } catch (cause) {
    connection.mustClear = true;
    throw new RetrievalError('storage_failed', `could not delete the embedding cache "${connection.name}"`, { cause });
  }
  connection.mustClear = false;
  connection.reset();
}
