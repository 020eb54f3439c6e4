/**
 * Vector store cases shared by the Node (unit) and Chromium (browser) projects: the WebAssembly SIMD
 * scan must agree with the JS scan (same top-k, scores within int8 rounding) through growth, clear,
 * overwrite and snapshot → restore, for dims that are and are not multiples of 16.
 */
import { describe, expect, it } from 'vitest';
import { dotI8Module, dotI8ModuleBytes, instantiateDotI8 } from '../../../../lib/retrieval/engine/dot-i8-wasm';
import { createVectorStore, type VectorStore } from '../../../../lib/retrieval/engine/vector-store';
import { seededRandom } from '../../../bench/retrieval/synthetic-index';

/** Query quantisation error bound for normalised vectors in practice (worst case is ~0.012 at 384 dims). */
const TOL = 4e-3;

const rng = seededRandom;

function normalise(v: Float32Array): Float32Array {
  let n = 0;
  for (const x of v) n += x * x;
  n = Math.sqrt(n) || 1;
  for (let i = 0; i < v.length; i++) v[i]! /= n;
  return v;
}

function randomVector(dims: number, rand: () => number): Float32Array {
  const v = new Float32Array(dims);
  for (let i = 0; i < dims; i++) v[i] = rand() * 2 - 1;
  return normalise(v);
}

/** A query close to a weighted mix of `targets`, so its top hits are well separated. */
function plantedQuery(rows: Float32Array[], targets: number[], rand: () => number): Float32Array {
  const dims = rows[0]!.length;
  const q = new Float32Array(dims);
  targets.forEach((t, i) => {
    const w = 0.6 ** i;
    for (let d = 0; d < dims; d++) q[d]! += w * rows[t]![d]!;
  });
  for (let d = 0; d < dims; d++) q[d]! += (rand() * 2 - 1) * 0.01;
  return normalise(q);
}

function topK(scores: Float32Array, k: number): number[] {
  return Array.from(scores.keys())
    .sort((a, b) => scores[b]! - scores[a]! || a - b)
    .slice(0, k);
}

function exactDot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

function sameArray(a: Int8Array | Float32Array, b: Int8Array | Float32Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function expectClose(a: Float32Array, b: Float32Array, tol = TOL): void {
  expect(a.length).toBe(b.length);
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
  expect(worst).toBeLessThan(tol);
}

/** Same top-k order, except where the swapped slots' reference scores tie within rounding. */
function expectSameRanking(a: Float32Array, b: Float32Array, k: number): void {
  const ta = topK(a, k);
  const tb = topK(b, k);
  for (let i = 0; i < k; i++) {
    if (ta[i] !== tb[i]) expect(Math.abs(b[ta[i]!]! - b[tb[i]!]!)).toBeLessThan(2 * TOL);
  }
}

function expectAgree(
  simd: VectorStore,
  js: VectorStore,
  rows: Float32Array[],
  rand: () => number,
  live: number[],
): void {
  for (let trial = 0; trial < 5; trial++) {
    const targets = Array.from({ length: 5 }, () => live[Math.floor(rand() * live.length)]!).filter(
      (t, i, all) => all.indexOf(t) === i,
    );
    const q = plantedQuery(rows, targets, rand);
    const a = simd.scoreAll(q);
    const b = js.scoreAll(q);
    expectClose(a, b);
    expectSameRanking(a, b, 10);
    expect(topK(a, 1)).toEqual([targets[0]]);
    for (const t of targets) expect(Math.abs(a[t]! - exactDot(q, rows[t]!))).toBeLessThan(0.02);
  }
}

export function vectorStoreSuite(): void {
  describe('dot-i8 kernel', () => {
    it('validates and compiles in this engine', () => {
      const bytes = dotI8ModuleBytes();
      expect(Array.from(bytes.subarray(0, 8))).toEqual([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
      expect(WebAssembly.validate(bytes)).toBe(true);
      expect(dotI8Module()).not.toBeNull();
    });

    it('computes exact integer dots, including at the int8 extremes', () => {
      const memory = new WebAssembly.Memory({ initial: 1 });
      const scan = instantiateDotI8(memory)!;
      const dims = 48;
      const rows = 5;
      const mem = new Int8Array(memory.buffer);
      const rand = rng(7);
      for (let d = 0; d < dims; d++) mem[d] = d % 2 ? -128 : 127;
      const want: number[] = [];
      for (let r = 0; r < rows; r++) {
        let s = 0;
        for (let d = 0; d < dims; d++) {
          const v = r === 0 ? -128 : Math.floor(rand() * 256) - 128;
          mem[64 + r * dims + d] = v;
          s += v * mem[d]!;
        }
        want.push(s);
      }
      scan(64, rows, dims, 0, 4096);
      expect(Array.from(new Int32Array(memory.buffer, 4096, rows))).toEqual(want);
      scan(64, 0, dims, 0, 8192); // zero rows: no-op
      expect(new Int32Array(memory.buffer, 8192, 1)[0]).toBe(0);
    });
  });

  describe('vector store: SIMD vs JS scan', () => {
    it('uses the SIMD kernel by default and JS on request', () => {
      expect(createVectorStore(384).kernel).toBe('wasm-simd');
      expect(createVectorStore(384, undefined, { kernel: 'js' }).kernel).toBe('js');
    });

    for (const dims of [384, 100]) {
      it(`agrees through growth, overwrite, clear and snapshot → restore (${dims} dims)`, () => {
        const rand = rng(dims);
        const n = 3000; // past the initial capacity of 1024, twice
        const rows = Array.from({ length: n }, () => randomVector(dims, rand));
        const simd = createVectorStore(dims);
        const js = createVectorStore(dims, undefined, { kernel: 'js' });
        expect(simd.kernel).toBe('wasm-simd');
        rows.forEach((v, slot) => {
          simd.set(slot, v);
          js.set(slot, v);
        });
        expect(simd.count).toBe(n);
        let live = Array.from({ length: n }, (_, i) => i);
        expectAgree(simd, js, rows, rand, live);
        // JS scores are the float query against int8 rows: close to the exact dot.
        const q0 = randomVector(dims, rand);
        const exact = Float32Array.from(rows, (r) => exactDot(q0, r));
        expectClose(js.scoreAll(q0), exact, 0.02);
        expectClose(simd.scoreAll(q0), exact, 0.02);

        // Overwrite some slots.
        for (const slot of [0, 17, 1500, n - 1]) {
          rows[slot] = randomVector(dims, rand);
          simd.set(slot, rows[slot]);
          js.set(slot, rows[slot]);
        }
        expectAgree(simd, js, rows, rand, live);

        // Clear slots, including ones a planted query targets: they score exactly 0 on both.
        const cleared = new Set([3, 1024, 1025, 2999, 2048]);
        for (const slot of cleared) {
          simd.clear(slot);
          js.clear(slot);
        }
        live = live.filter((s) => !cleared.has(s));
        const q = plantedQuery(rows, [3, 1024, 7], rand);
        const a = simd.scoreAll(q);
        for (const slot of cleared) {
          expect(a[slot]).toBe(0);
          expect(simd.score(q, slot)).toBe(0);
        }
        expect(topK(a, 1)).toEqual([7]);
        expectClose(a, js.scoreAll(q));
        expectAgree(simd, js, rows, rand, live);

        // scoreAll into a caller's (longer) buffer, and score() per slot.
        const out = new Float32Array(n + 10).fill(-9);
        expect(simd.scoreAll(q, out)).toBe(out);
        expect(out[n]).toBe(-9);
        for (const slot of [0, 500, 2500]) expect(Math.abs(simd.score(q, slot) - out[slot]!)).toBeLessThan(TOL);

        // Snapshot with compaction (drop cleared, reverse order) and restore into both kernels.
        const keep = [...live].reverse();
        const snap = simd.snapshot(keep);
        const jsSnap = js.snapshot(keep);
        expect(sameArray(snap.codes, jsSnap.codes)).toBe(true);
        expect(sameArray(snap.scales, jsSnap.scales)).toBe(true);
        expect(snap.codes.length).toBe(keep.length * dims);
        const restoredSimd = createVectorStore(dims, {
          ...snap,
          codes: snap.codes.slice(),
          scales: snap.scales.slice(),
        });
        const restoredJs = createVectorStore(dims, snap, { kernel: 'js' });
        expect(restoredSimd.count).toBe(keep.length);
        expect(restoredSimd.kernel).toBe('wasm-simd');
        const keptRows = keep.map((s) => rows[s]!);
        const newLive = keptRows.map((_, i) => i);
        expectAgree(restoredSimd, restoredJs, keptRows, rand, newLive);
        // Restored SIMD scores equal the original's for the kept rows.
        const q2 = randomVector(dims, rand);
        const before = simd.scoreAll(q2);
        const after = restoredSimd.scoreAll(q2);
        expect(keep.every((s, i) => Math.abs(after[i]! - before[s]!) < 1e-6)).toBe(true);
        // A full snapshot round-trips byte for byte, and the restored store keeps growing.
        const full = [restoredSimd.snapshot(), restoredJs.snapshot()] as const;
        expect(full[0].count).toBe(full[1].count);
        expect(sameArray(full[0].codes, full[1].codes) && sameArray(full[0].scales, full[1].scales)).toBe(true);
        const extra = Array.from({ length: 1200 }, () => randomVector(dims, rand));
        extra.forEach((v) => {
          restoredSimd.set(restoredSimd.count, v);
          restoredJs.set(restoredJs.count, v);
        });
        const allRows = [...keptRows, ...extra];
        expectAgree(
          restoredSimd,
          restoredJs,
          allRows,
          rand,
          allRows.map((_, i) => i),
        );
      });
    }

    it('handles empty stores, zero queries and odd dims', () => {
      for (const dims of [1, 15, 16, 17, 33]) {
        const simd = createVectorStore(dims);
        const js = createVectorStore(dims, undefined, { kernel: 'js' });
        const q = normalise(Float32Array.from({ length: dims }, (_, i) => i + 1));
        expect(simd.scoreAll(q)).toEqual(new Float32Array(0));
        for (let s = 0; s < 40; s++) {
          const v = normalise(Float32Array.from({ length: dims }, (_, i) => Math.sin(s * 7 + i)));
          simd.set(s, v);
          js.set(s, v);
        }
        expectClose(simd.scoreAll(q), js.scoreAll(q), 0.02);
        expect(Array.from(simd.scoreAll(new Float32Array(dims)))).toEqual(new Array<number>(40).fill(0));
        expect(() => simd.scoreAll(new Float32Array(dims + 1))).toThrow(RangeError);
      }
    });
  });
}
