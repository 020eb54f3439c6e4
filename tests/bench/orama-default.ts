/**
 * Why the history index replaces Orama's default full-text and vector fields (lib/retrieval/orama-components.ts):
 * the same synthetic chunks (150 Zipf words + a 384-d vector, lib/retrieval/synthetic-index.ts) indexed by
 * Orama with its default components and by the history index, in the same run. Text-only queries (6
 * common terms, top 10), as Orama's default search would run them.
 * Run: npm run bench -- orama-default   (ORAMA_BENCH_N=20000 sets the size; default 20k: the default index
 * needs minutes and gigabytes at 100k). The last line is the machine-readable summary.
 */
import { create, insert, load, save, search } from '@orama/orama';
import { deserialize, serialize } from 'node:v8';
import { createHybridIndex } from '../../lib/retrieval/engine/hybrid-index';
import { buildSyntheticIndex, quantile, randomUnitVector, seededRandom } from './retrieval/synthetic-index';

const n = Number(process.env.ORAMA_BENCH_N ?? 20_000);
const QUERIES = 100;

const r = seededRandom(n);
let t = performance.now();
const { index: ours, vocab } = buildSyntheticIndex(n, r);
const oursInsertMs = (performance.now() - t) / n;
const snap = ours.snapshot();
const queries = Array.from({ length: QUERIES + 10 }, () =>
  Array.from({ length: 6 }, () => vocab[Math.floor(r() * 2000)]).join(' '),
);
async function time(run: (q: string) => unknown): Promise<number[]> {
  const out: number[] = [];
  for (const [i, q] of queries.entries()) {
    const s = performance.now();
    await run(q);
    if (i >= 10) out.push(performance.now() - s);
  }
  return out;
}
// The history index is measured first, before Orama's default database fills the heap.
const oursTimes = await time((text) => ours.search({ text, topK: 10 }));
const snapBytes = serialize(snap);
t = performance.now();
createHybridIndex({ modelId: ours.modelId, dims: ours.dims }, deserialize(snapBytes));
const oursRestoreMs = performance.now() - t;

// The same chunks, as Orama's default components index them (schema: text + filters + vector).
const schema = { text: 'string', domain: 'enum', visitedAt: 'number', embedding: 'vector[384]' } as const;
const db = create({ schema });
const docs = snap.texts!.map((text, i) => ({
  text,
  domain: snap.pages[snap.chunkPage[i]!]!.domain,
  visitedAt: snap.pages[snap.chunkPage[i]!]!.visitedAt,
  embedding: Array.from(randomUnitVector(384, r)),
}));
t = performance.now();
for (const d of docs) await insert(db, d);
const oramaInsertMs = (performance.now() - t) / n;
console.log(
  `insert: Orama default ${oramaInsertMs.toFixed(3)} ms/chunk, history index ${oursInsertMs.toFixed(3)} ms/chunk (chunk + 384-d vector)`,
);

const oramaTimes = await time((term) => search(db, { term, properties: ['text'], limit: 10 }));
const p95 = (xs: number[]) => quantile(xs, 0.95);
console.log(
  `text search p95: Orama default ${p95(oramaTimes).toFixed(1)} ms, history index ${p95(oursTimes).toFixed(1)} ms (p50 ${quantile(oramaTimes, 0.5).toFixed(1)} vs ${quantile(oursTimes, 0.5).toFixed(1)})`,
);

// Bytes at rest beyond the text, as structured clone (what IndexedDB stores) would write them.
const textBytes = serialize(snap.texts).length;
t = performance.now();
const raw = await save(db);
const rawBytes = serialize(raw);
const oramaBytes = (rawBytes.length - textBytes) / n;
const oursBytes = (snapBytes.length - textBytes) / n;
console.log(
  `at rest beyond text: Orama default ${oramaBytes.toFixed(0)} B/chunk, history index ${oursBytes.toFixed(0)} B/chunk`,
);

t = performance.now();
await load(create({ schema }), deserialize(rawBytes));
const oramaRestoreMs = performance.now() - t;
console.log(
  `restore (deserialise + load): Orama default ${oramaRestoreMs.toFixed(0)} ms, history index ${oursRestoreMs.toFixed(0)} ms at ${n} chunks`,
);

console.log(
  `orama-default: chunks=${n} default_insert_ms=${oramaInsertMs.toFixed(3)} ours_insert_ms=${oursInsertMs.toFixed(3)} ` +
    `default_p95_ms=${p95(oramaTimes).toFixed(1)} ours_p95_ms=${p95(oursTimes).toFixed(1)} ` +
    `default_bytes_per_chunk=${oramaBytes.toFixed(0)} ours_bytes_per_chunk=${oursBytes.toFixed(0)} ` +
    `default_restore_ms=${oramaRestoreMs.toFixed(0)} ours_restore_ms=${oursRestoreMs.toFixed(0)}`,
);
