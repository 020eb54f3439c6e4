/**
 * How the cache stores a vector: the way the vector store keeps it, int8 codes with one scale per vector (a
 * quarter of float32). Quantising again gives the same codes, so a page indexed from the cache scores as if
 * it had just been embedded.
 */
import type { StoredEmbedding } from './embedding-cache-schema';

/** Quantises like the vector store: the largest component maps to ±127. */
export function encodeEmbedding(vector: Float32Array): { codes: Int8Array; scale: number } {
  let max = 0;
  for (const x of vector) max = Math.max(max, Math.abs(x));
  const scale = max > 0 ? max / 127 : 0;
  const codes = new Int8Array(vector.length);
  if (scale) for (let i = 0; i < vector.length; i++) codes[i] = Math.round(vector[i]! / scale);
  return { codes, scale };
}

/** The vector of a stored record, or undefined when the record is not one (corrupt, or another shape). */
export function decodeEmbedding(record: unknown): Float32Array | undefined {
  if (!record || typeof record !== 'object') return undefined;
  const { codes, scale } = record as Partial<StoredEmbedding>;
  if (!(codes instanceof Int8Array) || codes.length === 0) return undefined;
  if (typeof scale !== 'number' || !Number.isFinite(scale) || scale < 0) return undefined;
  const out = new Float32Array(codes.length);
  for (let i = 0; i < codes.length; i++) out[i] = codes[i]! * scale;
  return out;
}
