/**
 * A deterministic synthetic history index for latency benchmarks: pages of ~150 Zipf-distributed words
 * from a 50k vocabulary and random unit vectors. Shared by the Node bench and the offscreen bench so both
 * measure the same workload.
 */
import { createHybridIndex } from '../../../lib/retrieval/engine/hybrid-index';
import type { HybridIndex } from '../../../lib/retrieval/engine/hybrid-index-types';

/** Deterministic PRNG (mulberry32) so runs are comparable. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random L2-normalised vector. */
export function randomUnitVector(dims: number, r: () => number): Float32Array {
  const v = new Float32Array(dims);
  let n = 0;
  for (let d = 0; d < dims; d++) n += (v[d] = r() * 2 - 1) ** 2;
  n = Math.sqrt(n);
  for (let d = 0; d < dims; d++) v[d]! /= n;
  return v;
}

/** Builds an index of `n` synthetic chunks (8 a page, 200 domains), `dims`-wide, stamped with `modelId`. */
export function buildSyntheticIndex(
  n: number,
  r: () => number,
  dims = 384,
  modelId = `synthetic@${dims}`,
): { index: HybridIndex; vocab: string[]; textBytes: number } {
  const V = 50_000;
  const syll = ['ka', 'lo', 'mi', 'ru', 'te', 'sa', 'no', 'vi', 'pe', 'do', 'gu', 'ha'];
  const vocab = Array.from({ length: V }, (_, i) => {
    let w = '';
    for (let x = i + 1; x > 0; x = Math.floor(x / 12)) w += syll[x % 12];
    return w;
  });
  const zipf = () => Math.min(V - 1, Math.floor(Math.pow(V, r())) - 1);
  const index = createHybridIndex({ modelId, dims });
  let textBytes = 0;
  const perPage = 8;
  for (let p = 0; p < n / perPage; p++) {
    const chunks = Array.from({ length: perPage }, () => {
      const text = Array.from({ length: 150 }, zipf)
        .map((i) => vocab[i])
        .join(' ');
      textBytes += text.length;
      return { text, headingPath: ['Section'], vector: randomUnitVector(dims, r) };
    });
    index.addPage(
      { url: `https://site${p % 200}.test/page/${p}`, title: `Page ${p}`, visitedAt: 1_700_000_000_000 + p * 60_000 },
      chunks,
    );
  }
  return { index, vocab, textBytes };
}

/** Times `queries` hybrid searches (6 terms + a vector, top 10) after 10 warm-up queries; milliseconds each. */
export function timeSyntheticSearches(
  index: HybridIndex,
  vocab: string[],
  r: () => number,
  queries: number,
  now: () => number = () => performance.now(),
): number[] {
  const times: number[] = [];
  for (let q = 0; q < queries + 10; q++) {
    const text = Array.from({ length: 6 }, () => vocab[Math.floor(r() * 2000)]).join(' ');
    const vector = randomUnitVector(index.dims, r);
    const t = now();
    index.search({ text, vector, topK: 10 });
    if (q >= 10) times.push(now() - t); // the first queries warm the JIT
  }
  return times;
}

/** The p-th quantile (0..1) of `xs` by the nearest-rank method. */
export function quantile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}
