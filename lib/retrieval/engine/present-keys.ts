/** Keys of `keys` present in `vectors`, each once: the entry count changes only for keys added or removed. */
import type { CacheVectorsStore } from './embedding-cache-schema';

export async function presentKeys(vectors: CacheVectorsStore, keys: Iterable<string>): Promise<Set<string>> {
  const unique = [...new Set(keys)];
  const found = await Promise.all(unique.map((k) => vectors.getKey(k)));
  return new Set(unique.filter((_, i) => found[i] !== undefined));
}
