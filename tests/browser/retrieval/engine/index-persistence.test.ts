import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHybridIndex } from '../../../../lib/retrieval/engine/hybrid-index';
import type { HybridIndex } from '../../../../lib/retrieval/engine/hybrid-index-types';
import {
  clearStoredIndex,
  loadIndex,
  openIndexDb,
  saveIndex,
  type IndexDatabase,
} from '../../../../lib/retrieval/engine/index-persistence';

const DIMS = 384;
const OPTIONS = { modelId: 'synthetic@384', dims: DIMS };

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** n synthetic chunks, 8 per page, ~150 words each, random unit vectors. */
function build(n: number): HybridIndex {
  const r = rng(n);
  const vocab = Array.from({ length: 20_000 }, (_, i) => `w${i.toString(36)}`);
  const index = createHybridIndex(OPTIONS);
  for (let p = 0; p < n / 8; p++) {
    index.addPage(
      { url: `https://site${p % 100}.test/p/${p}`, title: `Page ${p}`, visitedAt: p * 1000 },
      Array.from({ length: 8 }, () => {
        const v = new Float32Array(DIMS).map(() => r() - 0.5);
        const norm = Math.hypot(...v);
        return {
          text: Array.from({ length: 150 }, () => vocab[Math.floor(Math.pow(vocab.length, r())) - 1]).join(' '),
          headingPath: ['H'],
          vector: v.map((x) => x / norm),
        };
      }),
    );
  }
  return index;
}

describe('index persistence in real IndexedDB', () => {
  let db: IndexDatabase;
  beforeAll(async () => {
    db = await openIndexDb('tabwise-index-test');
  });
  afterAll(async () => {
    db.close();
  });

  it('round-trips pages, chunks, vectors and deletions; empty when nothing stored or model differs', async () => {
    await clearStoredIndex(db);
    expect((await loadIndex(db, OPTIONS)).restored).toBe(0);
    const index = build(64);
    index.deletePage('https://site0.test/p/0');
    await saveIndex(db, index, () => 42);
    const { index: back, restored } = await loadIndex(db, OPTIONS);
    expect(restored).toBe(56);
    const probe = index.search({ text: 'w1 w2 w3' }).map((h) => h.chunk.id);
    expect(back.search({ text: 'w1 w2 w3' }).map((h) => h.chunk.id)).toEqual(probe);
    const other = await loadIndex(db, { modelId: 'other@1', dims: 384 });
    expect(other).toMatchObject({ restored: 0, storedModel: { modelId: 'synthetic@384', dims: 384 } });
  });

  it('restores 100k chunks within the 2 s target (with slack) and stays under 2 KB a chunk beyond text', async () => {
    const index = build(100_000);
    const t0 = performance.now();
    await saveIndex(db, index);
    const saveMs = performance.now() - t0;
    const estimate = await navigator.storage.estimate();
    const t1 = performance.now();
    const { restored } = await loadIndex(db, OPTIONS);
    const restoreMs = performance.now() - t1;
    // Split the figure: reading IndexedDB vs rebuilding the in-memory index from the snapshot.
    const rawSnap = index.snapshot();
    const t3 = performance.now();
    createHybridIndex(OPTIONS, rawSnap);
    const rebuildMs = performance.now() - t3;
    const snap = index.snapshot();
    const textBytes = snap.texts!.reduce((s, t) => s + t.length, 0);
    const beyondText =
      snap.vectors.codes.byteLength +
      snap.vectors.scales.byteLength +
      snap.sparse.postings.byteLength +
      snap.sparse.offsets.byteLength +
      snap.sparse.docLen.byteLength +
      snap.sparse.terms.length +
      snap.chunkPage.byteLength +
      snap.chunkOrdinal.byteLength;
    console.log(
      `IndexedDB 100k: save ${saveMs.toFixed(0)} ms, restore ${restoreMs.toFixed(0)} ms (of which rebuild ~${rebuildMs.toFixed(0)} ms), ` +
        `${(beyondText / 100_000).toFixed(0)} B/chunk beyond text (${(textBytes / 100_000).toFixed(0)} B text), origin usage ${((estimate.usage ?? 0) / 1e6).toFixed(0)} MB`,
    );
    expect(restored).toBe(100_000);
    expect(beyondText / 100_000).toBeLessThan(2048);
    // Target 2 s; 2x slack because CI shares 2 cores with other suites (seen: 0.6 s idle, 2.2 s at load 7).
    expect(restoreMs).toBeLessThan(4000);
    await clearStoredIndex(db);
  }, 240_000);
});
