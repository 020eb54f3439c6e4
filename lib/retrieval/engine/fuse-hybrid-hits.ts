/**
 * Fusion of the text and vector sides' candidates (hybrid-index-types.ts says why not Orama's own). Each
 * side scored every chunk, so a candidate of one side gets its exact score from the other:
 * score = w · bm25 / max bm25 + (1 − w) · max(0, cosine).
 */
import type { Results } from '@orama/orama';
import type { HistoryDoc } from './history-schema';
import type { LastScores } from './history-store-types';

/** A fused candidate, by slot, with both sides' raw scores. */
export interface FusedHit {
  slot: number;
  doc: HistoryDoc;
  score: number;
  sp: number;
  de: number;
}

/** Candidates scoring above 0 and at least `minScore`, best first (ties by slot, i.e. by insertion). */
export function fuseHybridHits(
  text: Results<HistoryDoc> | undefined,
  vec: Results<HistoryDoc> | undefined,
  scores: LastScores,
  sparseWeight: number,
  minScore: number,
): FusedHit[] {
  const { sparse, dense } = scores;
  const w = sparseWeight;
  const maxSparse = text?.hits[0]?.score ?? 0;
  const candidates = new Map<number, HistoryDoc>();
  for (const h of text?.hits ?? []) candidates.set(Number(h.id), h.document);
  for (const h of vec?.hits ?? []) candidates.set(Number(h.id), h.document);
  const ranked: FusedHit[] = [];
  for (const [slot, doc] of candidates) {
    const sp = sparse?.[slot] ?? 0;
    const de = dense?.[slot] ?? 0;
    const score = (maxSparse > 0 ? (w * sp) / maxSparse : 0) + (1 - w) * Math.max(0, de);
    if (score > 0 && score >= minScore) ranked.push({ slot, doc, score, sp, de });
  }
  ranked.sort((x, y) => y.score - x.score || x.slot - y.slot);
  return ranked;
}
