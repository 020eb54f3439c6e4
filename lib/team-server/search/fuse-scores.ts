/**
 * Fusion of the full-text and vector sides, as the extension's index fuses them (fuse-hybrid-hits.ts): each
 * candidate has both sides' exact scores, and score = w · rank / max rank + (1 − w) · max(0, cosine), with the
 * extension's default weight. Postgres's ts_rank_cd stands in for BM25; the normalisation by the best text score
 * makes the two comparable in the same way. The search statement (search-chunks.ts) computes exactly this in SQL,
 * so only the best come back from the database; tests/team-server/search-speed.test.ts holds the two equal.
 */
import { DEFAULT_FUSION } from '../../retrieval/engine/hybrid-index-types';

export interface ScoredCandidate {
  /** Full-text rank (0 when the text does not match). */
  rank: number;
  /** Cosine similarity with the query's vector. */
  cosine: number;
}

/** Candidates scoring above 0 and at least `minScore`, best first; ties keep their order. */
export function fuseScores<T extends ScoredCandidate>(
  candidates: readonly T[],
  minScore: number,
  sparseWeight = DEFAULT_FUSION.sparseWeight,
): Array<T & { score: number }> {
  const maxRank = Math.max(0, ...candidates.map((c) => c.rank));
  return candidates
    .map((c) => ({
      ...c,
      score: (maxRank > 0 ? (sparseWeight * c.rank) / maxRank : 0) + (1 - sparseWeight) * Math.max(0, c.cosine),
    }))
    .filter((c) => c.score > 0 && c.score >= minScore)
    .sort((a, b) => b.score - a.score);
}
