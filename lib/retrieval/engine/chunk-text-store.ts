/**
 * Where the hybrid index keeps its chunks' texts, by page. Search needs a text only for the few chunks it
 * returns (their snippets and grounding), so an index backed by IndexedDB keeps in memory only the pages not
 * yet saved: a save writes them (index-persistence.ts) and they are dropped, to be read back for a result.
 * Without a backing store (tests, the Node bench) every text stays in memory, as before.
 */

/** Reads a saved page's chunk texts, in chunk order (undefined: not stored). */
export type ReadPageTexts = (pageKey: string) => Promise<string[] | undefined>;

/** What a save must write: pages to put, pages to delete; `full`: replace everything stored with `put`. */
export interface TextChanges {
  full: boolean;
  put: Map<string, string[]>;
  deleted: string[];
  /** Which clear() the changes were taken after (a clear during the save keeps the next one full). */
  generation: number;
}

export interface ChunkTextStore {
  /** Whether saved texts leave memory (a backing store reads them back). */
  readonly backed: boolean;
  /** Pages whose texts are in memory. */
  readonly resident: number;
  put(pageKey: string, texts: string[]): void;
  delete(pageKey: string): void;
  clear(): void;
  /** A page's texts if they are in memory. */
  peek(pageKey: string): string[] | undefined;
  read(pageKey: string): Promise<string[] | undefined>;
  /** What the next save must write; pass it to `saved` once it is on disk. */
  changes(): TextChanges;
  saved(changes: TextChanges): void;
}

/**
 * `backing`: where saved pages are read from; absent, every text stays in memory. `initial`: texts the
 * store starts with (an index restored from a snapshot that carried them), none of them saved as pages yet.
 * `stored`: the backing store holds every page already (an index restored from it).
 */
export function createChunkTextStore(
  backing?: ReadPageTexts,
  initial?: Map<string, string[]>,
  stored = false,
): ChunkTextStore {
  const memory = new Map<string, string[]>(initial);
  const deleted = new Set<string>();
  // Everything stored must be replaced: a new index, a cleared one, or texts that came in another form.
  let full = !(stored && backing);
  let generation = 0;
  return {
    backed: backing !== undefined,
    get resident() {
      return memory.size;
    },
    put(pageKey, texts) {
      memory.set(pageKey, texts);
      deleted.delete(pageKey);
    },
    delete(pageKey) {
      memory.delete(pageKey);
      // Also while a full save is under way: what it wrote of this page must go at the next one.
      if (backing) deleted.add(pageKey);
    },
    clear() {
      memory.clear();
      deleted.clear();
      full = true;
      generation++;
    },
    peek: (pageKey) => memory.get(pageKey),
    async read(pageKey) {
      const held = memory.get(pageKey);
      if (held || !backing || full) return held;
      return backing(pageKey);
    },
    changes: () => ({ full, put: new Map(memory), deleted: [...deleted], generation }),
    saved(c) {
      if (!backing) return;
      if (c.generation !== generation) return;
      full = false;
      for (const key of c.deleted) if (!memory.has(key)) deleted.delete(key);
      // Only the very texts written: a page captured again meanwhile keeps its newer texts in memory.
      for (const [key, texts] of c.put) if (memory.get(key) === texts) memory.delete(key);
    },
  };
}
