/** VectorStore.scoreAll at 100k × 384 in Node, JS loop vs WebAssembly SIMD, medians. Run: npx tsx tests/bench/_vector-scan.ts */
import { createVectorStore } from '../../lib/retrieval/engine/vector-store';

const rows = Number(process.env.ROWS ?? 100_000);
const dims = Number(process.env.DIMS ?? 384);
let seed = 1;
const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32) * 2 - 1;
const vec = () => {
  const v = Float32Array.from({ length: dims }, rand);
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const stores = { js: createVectorStore(dims, undefined, { kernel: 'js' }), simd: createVectorStore(dims) };
for (let s = 0; s < rows; s++) {
  const v = vec();
  stores.js.set(s, v);
  stores.simd.set(s, v);
}
const queries = Array.from({ length: 10 }, vec);
const out = new Float32Array(rows);
for (const [name, store] of Object.entries(stores)) {
  for (let i = 0; i < 5; i++) store.scoreAll(queries[i % queries.length]!, out); // warm up
  const times: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    store.scoreAll(queries[i % queries.length]!, out);
    times.push(performance.now() - t);
  }
  const fresh: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    store.scoreAll(queries[i]!);
    fresh.push(performance.now() - t);
  }
  console.log(
    `${name.padEnd(4)} kernel=${store.kernel.padEnd(9)} ${rows}×${dims}: median ${median(times).toFixed(2)} ms (min ${Math.min(...times).toFixed(2)}), with fresh out ${median(fresh).toFixed(2)} ms`,
  );
}
