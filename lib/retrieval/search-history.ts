/** The search_history tool's engine: embed the query, search the index, shape passages for citation. */
import type { Embedder } from './embedder';
import type { HybridIndex } from './hybrid-index';
import { makeSnippet } from './make-snippet';
import { RetrievalError } from './retrieval-error';
import { textFragmentUrl } from './text-fragment-url';

/** A history search request (the tool's input, after validation). */
export interface SearchHistoryRequest {
  query: string;
  /** Only this domain and its subdomains. */
  domain?: string;
  /** Epoch ms, inclusive. */
  since?: number;
  /** Epoch ms, inclusive. */
  until?: number;
  /** Default 8. */
  topK?: number;
  /** Fused score 0..1 below which passages are dropped. Default 0.05. */
  minScore?: number;
}

/** A passage the model can quote and the user can click back to. */
export interface HistoryPassage {
  title: string;
  url: string;
  /** `url#:~:text=…` scrolling to the passage. */
  fragmentUrl: string;
  visitedAt: number;
  score: number;
  /** An excerpt around the query terms, '…' where cut. */
  snippet: string;
  /** [start, end) ranges of matched words in `snippet`. */
  highlights: Array<[number, number]>;
  headingPath: string[];
  /** The whole chunk, for grounding. */
  text: string;
  chunkId: string;
}

/**
 * Searches the history index. Falls back to sparse-only search when the embedder's model differs from
 * the index's (during a re-embed), so search keeps working instead of comparing unrelated vectors.
 */
export async function searchHistory(index: HybridIndex, embedder: Embedder | undefined, request: SearchHistoryRequest): Promise<HistoryPassage[]> {
  const query = request.query.trim();
  if (!query) throw new RetrievalError('invalid_input', 'query must not be empty');
  const sameModel = embedder && embedder.modelId === index.modelId && embedder.dims === index.dims;
  const vector = sameModel ? (await embedder.embed([query]))[0] : undefined;
  const hits = index.search({
    text: query,
    vector,
    domain: request.domain,
    since: request.since,
    until: request.until,
    topK: request.topK ?? 8,
    minScore: request.minScore ?? 0.05,
  });
  return hits.map(({ chunk, score }) => {
    const snippet = makeSnippet(chunk.text, query);
    return {
      title: chunk.title,
      url: chunk.url,
      fragmentUrl: textFragmentUrl(chunk.url, snippet.text),
      visitedAt: chunk.visitedAt,
      score,
      snippet: snippet.text,
      highlights: snippet.highlights,
      headingPath: chunk.headingPath,
      text: chunk.text,
      chunkId: chunk.id,
    };
  });
}
