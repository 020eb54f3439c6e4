/** Reading chunk texts back from the index's text store: a page's, the found chunks', and a snapshot's by page. */
import { RetrievalError } from '../retrieval-error';
import type { HybridIndexState } from './hybrid-index-state';
import type { FoundChunk, HybridIndexSnapshot } from './hybrid-index-types';

/** A page's texts, which must be one per chunk: a page stored without them means the stored index is damaged. */
export async function pageTexts(state: HybridIndexState, pageKey: string, chunks: number): Promise<string[]> {
  const texts = await state.texts.read(pageKey);
  if (!texts || texts.length !== chunks)
    throw new RetrievalError('corrupt_snapshot', `the texts of ${pageKey} are missing from the stored index`);
  return texts;
}

/** The texts of `chunks`, in order, reading each page once. */
export async function readChunkTexts(
  state: HybridIndexState,
  chunks: ReadonlyArray<Pick<FoundChunk, 'pageKey' | 'ordinal'>>,
): Promise<string[]> {
  const reads = new Map<string, Promise<string[]>>();
  for (const { pageKey } of chunks)
    if (!reads.has(pageKey)) {
      const slots = state.pages.get(pageKey)?.slots.length ?? 0;
      reads.set(pageKey, pageTexts(state, pageKey, slots));
    }
  return Promise.all(chunks.map(async (c) => (await reads.get(c.pageKey)!)[c.ordinal]!));
}

/** A snapshot's per-chunk texts grouped by page key, in chunk order (restoring one that carries them). */
export function textsByPage(snap: HybridIndexSnapshot): Map<string, string[]> {
  const byPage = new Map<string, string[]>();
  const texts = snap.texts ?? [];
  for (let slot = 0; slot < texts.length; slot++) {
    const url = snap.pages[snap.chunkPage[slot]!]?.url;
    if (url === undefined) continue;
    const list = byPage.get(url) ?? [];
    list[snap.chunkOrdinal[slot]!] = texts[slot]!;
    byPage.set(url, list);
  }
  return byPage;
}
