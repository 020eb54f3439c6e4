/** Loading a BEIR dataset and scoring a run with nDCG@k and Recall@k (BEIR's definitions). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface BeirSet {
  docs: Array<{ id: string; title: string; text: string }>;
  queries: Array<{ id: string; text: string }>;
  /** query id → (doc id → graded relevance) */
  qrels: Map<string, Map<string, number>>;
}

/** Reads corpus.jsonl, queries.jsonl and qrels/test.tsv; keeps only queries that have judgements. */
export function loadBeir(dir: string): BeirSet {
  const lines = (f: string) => readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean);
  const docs = lines('corpus.jsonl').map((l) => {
    const o = JSON.parse(l) as { _id: string; title: string; text: string };
    return { id: o._id, title: o.title, text: o.text };
  });
  const qrels = new Map<string, Map<string, number>>();
  for (const l of lines('qrels/test.tsv').slice(1)) {
    const [q, d, s] = l.split('\t');
    if (!q || !d) continue;
    if (!qrels.has(q)) qrels.set(q, new Map());
    qrels.get(q)!.set(d, Number(s));
  }
  const queries = lines('queries.jsonl')
    .map((l) => JSON.parse(l) as { _id: string; text: string })
    .filter((q) => qrels.has(q._id))
    .map((q) => ({ id: q._id, text: q.text }));
  return { docs, queries, qrels };
}

/** nDCG@k with graded gains (2^rel - 1 as in pytrec_eval's default ndcg_cut uses rel; BEIR uses rel). */
export function ndcgAt(ranked: string[], rel: Map<string, number>, k: number): number {
  let dcg = 0;
  for (let i = 0; i < Math.min(k, ranked.length); i++) dcg += (rel.get(ranked[i]!) ?? 0) / Math.log2(i + 2);
  const ideal = [...rel.values()].sort((a, b) => b - a);
  let idcg = 0;
  for (let i = 0; i < Math.min(k, ideal.length); i++) idcg += ideal[i]! / Math.log2(i + 2);
  return idcg > 0 ? dcg / idcg : 0;
}

/** Recall@k: judged-relevant documents found in the top k over all judged-relevant. */
export function recallAt(ranked: string[], rel: Map<string, number>, k: number): number {
  const relevant = [...rel].filter(([, r]) => r > 0).map(([d]) => d);
  if (relevant.length === 0) return 0;
  const top = new Set(ranked.slice(0, k));
  return relevant.filter((d) => top.has(d)).length / relevant.length;
}

/** Mean of a metric over all queries of a run (query id → ranked doc ids). */
export function meanMetric(
  set: BeirSet,
  run: Map<string, string[]>,
  metric: (r: string[], rel: Map<string, number>) => number,
): number {
  let sum = 0;
  for (const q of set.queries) sum += metric(run.get(q.id) ?? [], set.qrels.get(q.id)!);
  return sum / set.queries.length;
}
