/**
 * One search as the caller, traced: what `POST /v1/search` and the MCP endpoint's tool both answer. The query is
 * embedded with the model searches read now (search-models.ts), so a model change never interrupts search.
 */
import { hashQuery } from '../../retrieval/search-trace';
import type { ServerContext } from '../api/server-context';
import type { Caller } from '../db/with-caller';
import { createQueryVectors } from './query-vectors';
import { searchChunks, type ChunkHit, type ChunkSearch } from './search-chunks';

export type SearchRequest = Omit<ChunkSearch, 'vector' | 'model'>;

export interface SearchAnswer {
  results: ChunkHit[];
  model: string;
  miss: boolean;
}

/** One for the process: keyed by the embedder object, so two servers in one process never share entries. */
const queryVectors = createQueryVectors();

export async function runSearch(ctx: ServerContext, caller: Caller, request: SearchRequest): Promise<SearchAnswer> {
  // Twice at most: when a model change ends between the embedding and the query, embed again with the new model.
  for (let attempt = 0; ; attempt++) {
    const answer = await searchOnce(ctx, caller, request, attempt > 0);
    if (answer) return answer;
  }
}

async function searchOnce(ctx: ServerContext, caller: Caller, request: SearchRequest, last: boolean) {
  const started = performance.now();
  // The model as last read, then checked by the search statement itself; after a change, read again.
  const embedder = await (last ? ctx.models.active() : ctx.models.lastActive());
  const vector = await queryVectors.embed(embedder, request.query);
  const embedded = performance.now();
  const model = embedder.modelId;
  const found = await searchChunks(ctx.db.pool, caller, {
    ...request,
    vector,
    model: { id: model, dims: embedder.dims },
  });
  // A model change ended after the query was embedded: embed again with the new model (the answer and its trace
  // are dropped).
  if (found.activeModel !== model && !last) return undefined;
  // Written off the search's path, with the query's hash, never its text (record-search-trace.ts).
  ctx.traces.add({
    userId: caller.userId,
    queryHash: await hashQuery(request.query),
    model,
    embedMs: embedded - started,
    searchMs: performance.now() - embedded,
    candidates: found.candidates,
    results: found.hits.length,
    topScore: found.hits[0]?.score ?? null,
    miss: found.hits.length < 2,
  });
  return { results: found.hits, model, miss: found.hits.length < 2 };
}
