/**
 * The embedding cache holds data derived from pages, so it follows the index: deleting pages deletes
 * their cached vectors, forgetting everything clears it.
 */
import { embeddingText } from './chunk-text';
import { embeddingCacheKey, type EmbeddingCacheStore } from './embedding-cache';
import type { HybridIndex } from './hybrid-index-types';

/** The texts a page's chunks were embedded from. */
export const embeddedTextsOf = async (index: HybridIndex, url: string) =>
  (await index.pageChunks(url)).map(embeddingText);

/**
 * Deletes the cached vectors of these texts under `modelId`. A text another page shares loses its
 * entry too: that costs one embedding if it is captured again, never a stale vector. Rejects only when
 * the cache could neither delete them nor clear itself (a user's deletion then reports the failure).
 */
export async function forgetVectors(cache: EmbeddingCacheStore, modelId: string, texts: string[]): Promise<void> {
  // Bounded transactions: a re-embed forgets a whole index's worth. At least one call, even for no
  // texts: a store that failed an earlier deletion retries it then (see createIdbEmbeddingCacheStore).
  let i = 0;
  do {
    const keys = await Promise.all(texts.slice(i, i + 2000).map((t) => embeddingCacheKey(modelId, t)));
    await cache.deleteMany(keys);
    i += 2000;
  } while (i < texts.length);
}

/** forgetVectors where the cache must not fail the work (ingestion, re-embedding): logged instead. */
export async function forgetVectorsQuietly(
  cache: EmbeddingCacheStore,
  modelId: string,
  texts: string[],
): Promise<void> {
  try {
    await forgetVectors(cache, modelId, texts);
  } catch (error) {
    console.error('Tabwise: deleting cached embeddings failed', error);
  }
}
