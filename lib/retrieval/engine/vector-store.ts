/**
 * Dense vectors in one contiguous int8 buffer with a scale per vector, searched by a flat scan.
 * It is the vector field of the history index's Orama database (orama-components.ts), in place of
 * Orama's default vector index, whose per-document arrays and JSON save() cost about 16 KB per chunk at
 * 100k chunks; here a 384-dim chunk costs 388 bytes and a scan is one tight loop.
 *
 * The scan runs in a WebAssembly SIMD kernel (./dot-i8-wasm) when the engine has it: the codes live
 * in the kernel's WebAssembly.Memory (no per-query copy), rows are zero-padded to a multiple of 16
 * components (so any dims works, e.g. 100-dim GloVe is scanned as 112), the query is quantised to
 * int8 with its own scale, and a row's score is intDot × queryScale × rowScale. Without SIMD (or
 * when the page forbids compiling WebAssembly) it falls back to a float-query JS loop with unpadded
 * rows; `kernel` says which one a store uses.
 */

import { DOT_I8_LANES, instantiateDotI8, type DotI8Scan } from './dot-i8-wasm';

/** Compact, structured-clone-friendly form of a vector store. */
export interface VectorStoreSnapshot {
  dims: number;
  count: number;
  /** count × dims int8 components, row-major. */
  codes: Int8Array;
  /** Per-row dequantisation scale: value ≈ code × scale. */
  scales: Float32Array;
}

/** Which scan a store runs: the WebAssembly SIMD kernel, or the plain JS loop. */
export type VectorKernel = 'wasm-simd' | 'js';

/** A growable flat store of L2-normalised vectors addressed by slot. */
export interface VectorStore {
  readonly dims: number;
  /** Number of slots in use (including cleared ones). */
  readonly count: number;
  /** The scan in use ('js' when WebAssembly SIMD is unavailable or was not requested). */
  readonly kernel: VectorKernel;
  /** Stores `vector` at `slot` (slots are appended in order: slot must be ≤ count). */
  set(slot: number, vector: Float32Array): void;
  /** Zeroes a slot so it can never score. */
  clear(slot: number): void;
  /** Cosine similarity (dot product of normalised vectors) of `query` with every slot, into `out`. */
  scoreAll(query: Float32Array, out?: Float32Array): Float32Array;
  /** Cosine similarity of `query` with one slot. */
  score(query: Float32Array, slot: number): number;
  /** Copies the live rows listed by `keep` (old slots, in their new order) into a snapshot. */
  snapshot(keep?: ArrayLike<number>): VectorStoreSnapshot;
}

export interface VectorStoreOptions {
  /** 'auto' (default) uses WebAssembly SIMD when available; 'js' forces the JS loop (tests, benches). */
  kernel?: 'auto' | 'js';
}

const WASM_PAGE = 65536;
const INITIAL_CAPACITY = 1024;

/** Row storage: `codes` holds `capacity` rows of `stride` int8 components; `reserve` grows it. */
interface Rows {
  readonly stride: number;
  codes: Int8Array;
  reserve(capacity: number): void;
  /** Integer dots of the int8 `q` with the first `rows` rows (SIMD kernel only). */
  scan?: (q: Int8Array, rows: number) => Int32Array;
}

/** Rows in a plain JS buffer, unpadded. */
function jsRows(dims: number): Rows {
  const rows: Rows = {
    stride: dims,
    codes: new Int8Array(0),
    reserve(capacity) {
      const c = new Int8Array(capacity * dims);
      c.set(rows.codes);
      rows.codes = c;
    },
  };
  return rows;
}

/**
 * Rows in the kernel's WebAssembly.Memory, padded to a multiple of 16. Layout: the query (stride
 * bytes) at 0, then capacity × stride codes, then capacity i32 outputs. Growing keeps the codes in
 * place and moves the output scratch past them.
 */
function wasmRows(dims: number): Rows | null {
  const stride = Math.ceil(dims / DOT_I8_LANES) * DOT_I8_LANES;
  let memory: WebAssembly.Memory;
  try {
    memory = new WebAssembly.Memory({ initial: 1 });
  } catch {
    return null;
  }
  const kernel: DotI8Scan | null = instantiateDotI8(memory);
  if (!kernel) return null;
  let capacity = 0;
  let query = new Int8Array(memory.buffer, 0, stride);
  let outPtr = stride;
  let out = new Int32Array(memory.buffer, outPtr, 0);
  const rows: Rows = {
    stride,
    codes: new Int8Array(memory.buffer, stride, 0),
    reserve(next) {
      if (next <= capacity) return;
      const outEnd = stride + next * stride + next * 4;
      const pages = Math.ceil(outEnd / WASM_PAGE);
      const have = memory.buffer.byteLength / WASM_PAGE;
      if (pages > have) memory.grow(pages - have);
      const buffer = memory.buffer;
      // The newly claimed rows may hold old output scratch. Their padding only ever meets the query's
      // padding (always zero), so this is hygiene, not correctness: keep rows clean anyway.
      new Int8Array(buffer, stride + capacity * stride, (next - capacity) * stride).fill(0);
      capacity = next;
      query = new Int8Array(buffer, 0, stride);
      rows.codes = new Int8Array(buffer, stride, capacity * stride);
      outPtr = stride + capacity * stride;
      out = new Int32Array(buffer, outPtr, capacity);
    },
    scan(q, n) {
      query.set(q);
      query.fill(0, q.length);
      kernel(stride, n, stride, 0, outPtr);
      return out;
    },
  };
  return rows;
}

/** Creates an empty store, or one restored from a snapshot (which it takes ownership of). */
export function createVectorStore(
  dims: number,
  from?: VectorStoreSnapshot,
  options: VectorStoreOptions = {},
): VectorStore {
  if (!Number.isInteger(dims) || dims <= 0) throw new RangeError(`dims must be a positive integer, got ${dims}`);
  if (from && from.dims !== dims) throw new RangeError(`snapshot has ${from.dims} dims, expected ${dims}`);
  let count = from?.count ?? 0;
  let capacity = Math.max(count, INITIAL_CAPACITY);
  const rows = (options.kernel === 'js' ? null : wasmRows(dims)) ?? jsRows(dims);
  const { stride } = rows;
  const kernel: VectorKernel = rows.scan ? 'wasm-simd' : 'js';
  rows.reserve(capacity);
  let scales = new Float32Array(capacity);
  const qCodes = new Int8Array(dims);
  if (from) {
    if (stride === dims) rows.codes.set(from.codes.subarray(0, count * dims));
    else for (let s = 0; s < count; s++) rows.codes.set(from.codes.subarray(s * dims, (s + 1) * dims), s * stride);
    scales.set(from.scales.subarray(0, count));
  }

  function grow(min: number): void {
    if (min <= capacity) return;
    capacity = Math.max(min, Math.ceil(capacity * 1.5));
    rows.reserve(capacity);
    const s = new Float32Array(capacity);
    s.set(scales);
    scales = s;
  }

  /** Float query · int8 row, four accumulators unrolled by four. */
  function rowDot(query: Float32Array, slot: number): number {
    const codes = rows.codes;
    const base = slot * stride;
    let a0 = 0;
    let a1 = 0;
    let a2 = 0;
    let a3 = 0;
    let d = 0;
    for (const end = dims - 3; d < end; d += 4) {
      a0 += query[d]! * codes[base + d]!;
      a1 += query[d + 1]! * codes[base + d + 1]!;
      a2 += query[d + 2]! * codes[base + d + 2]!;
      a3 += query[d + 3]! * codes[base + d + 3]!;
    }
    for (; d < dims; d++) a0 += query[d]! * codes[base + d]!;
    return (a0 + a1 + a2 + a3) * scales[slot]!;
  }

  return {
    dims,
    get count() {
      return count;
    },
    kernel,
    set(slot, vector) {
      if (vector.length !== dims) throw new RangeError(`vector has ${vector.length} dims, expected ${dims}`);
      if (slot > count) throw new RangeError(`slot ${slot} skips past ${count}`);
      grow(slot + 1);
      let max = 0;
      for (let d = 0; d < dims; d++) max = Math.max(max, Math.abs(vector[d]!));
      // Symmetric per-row scale: the row's largest component maps to ±127.
      const scale = max > 0 ? max / 127 : 0;
      const codes = rows.codes;
      const base = slot * stride;
      for (let d = 0; d < dims; d++) codes[base + d] = scale ? Math.round(vector[d]! / scale) : 0;
      scales[slot] = scale;
      if (slot === count) count++;
    },
    clear(slot) {
      if (slot >= count) return;
      rows.codes.fill(0, slot * stride, (slot + 1) * stride);
      scales[slot] = 0;
    },
    scoreAll(query, out = new Float32Array(count)) {
      if (query.length !== dims) throw new RangeError(`query has ${query.length} dims, expected ${dims}`);
      if (!rows.scan) {
        for (let s = 0; s < count; s++) out[s] = rowDot(query, s);
        return out;
      }
      if (count === 0) return out;
      let max = 0;
      for (let d = 0; d < dims; d++) max = Math.max(max, Math.abs(query[d]!));
      const qScale = max > 0 ? max / 127 : 0;
      for (let d = 0; d < dims; d++) qCodes[d] = qScale ? Math.round(query[d]! / qScale) : 0;
      const dots = rows.scan(qCodes, count);
      for (let s = 0; s < count; s++) out[s] = dots[s]! * qScale * scales[s]!;
      return out;
    },
    score(query, slot) {
      return rowDot(query, slot);
    },
    snapshot(keep) {
      const live = keep ?? Array.from({ length: count }, (_, i) => i);
      const codes = rows.codes;
      const outCodes = new Int8Array(live.length * dims);
      const outScales = new Float32Array(live.length);
      for (let i = 0; i < live.length; i++) {
        const s = live[i]!;
        outCodes.set(codes.subarray(s * stride, s * stride + dims), i * dims);
        outScales[i] = scales[s]!;
      }
      return { dims, count: live.length, codes: outCodes, scales: outScales };
    },
  };
}
