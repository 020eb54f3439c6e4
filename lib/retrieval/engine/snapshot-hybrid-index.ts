/**
 * The index as a snapshot for persistence: live chunks only, renumbered in slot order (the typed-array
 * fields compact in that order), each with the index of its page, its ordinal and heading path, and its
 * text when the index holds every text in memory (a backed index's texts are saved by page instead).
 */
import { historyDocAt } from './history-doc-at';
import type { HybridIndexState } from './hybrid-index-state';
import { HEADING_SEP, type HybridIndexSnapshot } from './hybrid-index-types';

export function snapshotHybridIndex(state: HybridIndexState): HybridIndexSnapshot {
  const keep: number[] = [];
  const pageList = [...state.pages.values()];
  const chunkPage: number[] = [];
  const chunkOrdinal: number[] = [];
  const inMemory = !state.texts.backed;
  const texts: string[] = [];
  const headingPaths: string[] = [];
  // Slots in ascending order (the typed-array fields compact in slot order).
  const owner: Array<[number, number]> = [];
  pageList.forEach((p, pi) => p.slots.forEach((slot) => owner.push([slot, pi])));
  owner.sort((a, b) => a[0] - b[0]);
  for (const [slot, pi] of owner) {
    const doc = historyDocAt(state.db, slot);
    keep.push(slot);
    chunkPage.push(pi);
    chunkOrdinal.push(doc.ordinal);
    if (inMemory) texts.push(state.texts.peek(doc.pageKey)![doc.ordinal]!);
    headingPaths.push(doc.headingPath.join(HEADING_SEP));
  }
  const { sparse, vectors } = state.fields.compact(state.db.data.index, keep);
  return {
    version: 1,
    modelId: state.modelId,
    dims: state.dims,
    pages: pageList.map(({ url, title, domain, visitedAt, lang, kind, chars }) => ({
      url,
      title,
      domain,
      visitedAt,
      chars,
      ...(lang ? { lang } : {}),
      ...(kind ? { kind } : {}),
    })),
    chunkPage: Uint32Array.from(chunkPage),
    chunkOrdinal: Uint16Array.from(chunkOrdinal),
    ...(inMemory ? { texts } : {}),
    headingPaths,
    sparse,
    vectors,
  };
}
