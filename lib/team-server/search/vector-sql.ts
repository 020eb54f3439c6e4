/**
 * The SQL text of a model's vectors: index and query must spell the expression and the predicate identically for
 * Postgres to use the model's partial HNSW index. The model id comes from the server's configuration, never from a
 * request, and is still quoted as a literal.
 */

/** `embedding::vector(N)` for a validated width. */
export function vectorExpression(dims: number, column = 'embedding'): string {
  if (!Number.isInteger(dims) || dims < 1) throw new RangeError(`bad width ${dims}`);
  return `${column}::vector(${dims})`;
}

/** `model = '<id>'`, quoted as Postgres quotes a literal. */
export function modelPredicate(modelId: string, column = 'model'): string {
  if (modelId.includes('\0')) throw new RangeError('model id holds NUL');
  return `${column} = '${modelId.replace(/'/g, "''")}'`;
}

/** A vector as pgvector's text input: `[0.1,0.2,…]`. */
export function vectorLiteral(v: ArrayLike<number>): string {
  const parts: string[] = [];
  for (let i = 0; i < v.length; i++) {
    if (!Number.isFinite(v[i])) throw new RangeError('vector holds a non-finite number');
    parts.push(String(v[i]));
  }
  return `[${parts.join(',')}]`;
}

/**
 * A query vector for cosine distance, as an `int4[]` literal (`{…}`) that Postgres casts to a vector: each component
 * scaled by 2^24 over the largest one's magnitude and rounded, so every one is an integer a float4 holds exactly.
 * Cosine distance does not depend on a vector's length, so the distances are those of the vector itself, to within
 * float4 rounding (3e-8 on the bench's). Reading 384 decimal floats took the embedded Postgres 0.6-1.5 ms (its
 * WebAssembly strtof); 384 integers take 0.07. For cosine only: inner product and L2 distances would change.
 */
export function cosineQueryLiteral(v: ArrayLike<number>): string {
  let largest = 0;
  for (let i = 0; i < v.length; i++) {
    if (!Number.isFinite(v[i])) throw new RangeError('vector holds a non-finite number');
    largest = Math.max(largest, Math.abs(v[i]!));
  }
  const scale = largest === 0 ? 0 : 2 ** 24 / largest;
  const parts: string[] = [];
  for (let i = 0; i < v.length; i++) parts.push(String(Math.round(v[i]! * scale)));
  return `{${parts.join(',')}}`;
}
