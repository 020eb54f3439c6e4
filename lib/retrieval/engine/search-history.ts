/** The engine's history search: embed the query, search the index, shape passages for citation. */
import type { Embedder } from '../embedder-contract';
import type { HistoryPassage } from '../history-passage';
import type { HistoryQuery } from '../history-query';
import type { HybridIndex } from './hybrid-index-types';
import { makeSnippet, type Snippet } from './make-snippet';
import { RetrievalError } from '../retrieval-error';
import { citationUrl } from './citation-url';

/**
 * The block (paragraph, heading, list item) of a snippet with the most matched words: a text directive
 * cannot match across block elements, so a fragment spanning a heading and its paragraph finds nothing.
 */
export function fragmentBlock(snippet: Snippet): string {
  let best = snippet.text;
  let bestHits = -1;
  for (const m of snippet.text.matchAll(/[^\n]+/g)) {
    const start = m.index;
    const end = start + m[0].length;
    const hits = snippet.highlights.filter(([a, b]) => a >= start && b <= end).length;
    if (hits > bestHits || (hits === bestHits && m[0].length > best.length)) {
      best = m[0];
      bestHits = hits;
    }
  }
  return best.trim();
}

/**
 * Searches the history index. Falls back to sparse-only search when the embedder's model differs from
 * the index's (during a re-embed), so search keeps working instead of comparing unrelated vectors.
 */
export async function searchHistory(
  index: HybridIndex,
  embedder: Embedder | undefined,
  request: HistoryQuery,
): Promise<HistoryPassage[]> {
  const query = request.query.trim();
  if (!query) throw new RetrievalError('invalid_input', 'query must not be empty');
  const sameModel = embedder && embedder.modelId === index.modelId && embedder.dims === index.dims;
  const wantsVector = request.mode !== 'sparse';
  if (request.mode === 'dense' && !sameModel)
    throw new RetrievalError('model_mismatch', "dense search needs the index's embedding model");
  const vector = sameModel && wantsVector ? (await embedder.embed([query]))[0] : undefined;
  const hits = index.search({
    text: query,
    vector,
    domain: request.domain,
    since: request.since,
    until: request.until,
    topK: request.topK ?? 8,
    minScore: request.minScore ?? 0.05,
    ...(request.mode && vector ? { mode: request.mode } : {}),
  });
  // Only the hits kept have their texts read (from memory, or IndexedDB once saved).
  const texts = await index.readTexts(hits.map((h) => h.chunk));
  return hits.map(({ chunk, score }, i) => {
    const text = texts[i]!;
    const snippet = makeSnippet(text, query, chunk.lang);
    return {
      title: chunk.title,
      url: chunk.url,
      fragmentUrl: citationUrl(chunk, fragmentBlock(snippet)),
      visitedAt: chunk.visitedAt,
      score,
      snippet: snippet.text,
      highlights: snippet.highlights,
      headingPath: chunk.headingPath,
      text,
      chunkId: chunk.id,
    };
  });
}
