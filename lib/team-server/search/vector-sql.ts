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
