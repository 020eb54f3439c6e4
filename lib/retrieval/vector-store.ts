/**
 * Dense vectors in one contiguous int8 buffer with a scale per vector, searched by a flat scan.
 * Why not Orama's vector index: at 100k chunks its per-document objects and JSON save() cost about
 * 16 KB per chunk; here a 384-dim chunk costs 388 bytes and a scan is one tight loop.
 */

/** Compact, structured-clone-friendly form of a vector store. */
export interface VectorStoreSnapshot {
  dims: number;
  count: number;
  /** count × dims int8 components, row-major. */
  codes: Int8Array;
  /** Per-row dequantisation scale: value ≈ code × scale. */
  scales: Float32Array;
}

/** A growable flat store of L2-normalised vectors addressed by slot. */
export interface VectorStore {
  readonly dims: number;
  /** Number of slots in use (including cleared ones). */
  readonly count: number;
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

/** Creates an empty store, or one restored from a snapshot (which it takes ownership of). */
export function createVectorStore(dims: number, from?: VectorStoreSnapshot): VectorStore {
  if (!Number.isInteger(dims) || dims <= 0) throw new RangeError(`dims must be a positive integer, got ${dims}`);
  if (from && from.dims !== dims) throw new RangeError(`snapshot has ${from.dims} dims, expected ${dims}`);
  let count = from?.count ?? 0;
  let capacity = Math.max(count, 1024);
  let codes = new Int8Array(capacity * dims);
  let scales = new Float32Array(capacity);
  if (from) {
    codes.set(from.codes.subarray(0, count * dims));
    scales.set(from.scales.subarray(0, count));
  }

  function grow(min: number): void {
    if (min <= capacity) return;
    capacity = Math.max(min, Math.ceil(capacity * 1.5));
    const c = new Int8Array(capacity * dims);
    c.set(codes);
    codes = c;
    const s = new Float32Array(capacity);
    s.set(scales);
    scales = s;
  }

  function rowDot(query: Float32Array, slot: number): number {
    let acc = 0;
    const base = slot * dims;
    for (let d = 0; d < dims; d++) acc += query[d]! * codes[base + d]!;
    return acc * scales[slot]!;
  }

  return {
    dims,
    get count() {
      return count;
    },
    set(slot, vector) {
      if (vector.length !== dims) throw new RangeError(`vector has ${vector.length} dims, expected ${dims}`);
      if (slot > count) throw new RangeError(`slot ${slot} skips past ${count}`);
      grow(slot + 1);
      let max = 0;
      for (let d = 0; d < dims; d++) max = Math.max(max, Math.abs(vector[d]!));
      // Symmetric per-row scale: the row's largest component maps to ±127.
      const scale = max > 0 ? max / 127 : 0;
      const base = slot * dims;
      for (let d = 0; d < dims; d++) codes[base + d] = scale ? Math.round(vector[d]! / scale) : 0;
      scales[slot] = scale;
      if (slot === count) count++;
    },
    clear(slot) {
      if (slot >= count) return;
      codes.fill(0, slot * dims, (slot + 1) * dims);
      scales[slot] = 0;
    },
    scoreAll(query, out = new Float32Array(count)) {
      if (query.length !== dims) throw new RangeError(`query has ${query.length} dims, expected ${dims}`);
      for (let s = 0; s < count; s++) out[s] = rowDot(query, s);
      return out;
    },
    score(query, slot) {
      return rowDot(query, slot);
    },
    snapshot(keep) {
      const rows = keep ?? Array.from({ length: count }, (_, i) => i);
      const outCodes = new Int8Array(rows.length * dims);
      const outScales = new Float32Array(rows.length);
      for (let i = 0; i < rows.length; i++) {
        const s = rows[i]!;
        outCodes.set(codes.subarray(s * dims, (s + 1) * dims), i * dims);
        outScales[i] = scales[s]!;
      }
      return { dims, count: rows.length, codes: outCodes, scales: outScales };
    },
  };
}
