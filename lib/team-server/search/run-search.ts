/**
 * One search as the caller, traced: what `POST /v1/search` and the MCP endpoint's tool both answer. The query is
 * embedded with the model searches read now (search-models.ts), so a model change never interrupts search.
 */
import { hashQuery } from '../../retrieval/search-trace';
import type { ServerContext } from '../api/server-context';
import { withCaller, type Caller } from '../db/with-caller';
import { createQueryVectors } from './query-vectors';
import { recordSearchTrace } from './record-search-trace';
import { searchChunks, searchSettings, type ChunkHit, type ChunkSearch } from './search-chunks';

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

/** Thrown inside the search's transaction to roll it back (its trace with it) when the model changed meanwhile. */
class ModelChanged extends Error {}

async function searchOnce(ctx: ServerContext, caller: Caller, request: SearchRequest, last: boolean) {
  const started = performance.now();
  // The model as last read, then checked in the transaction below; after a change, read again.
  const embedder = await (last ? ctx.models.active() : ctx.models.lastActive());
  const vector = await queryVectors.embed(embedder, request.query);
  const embedded = performance.now();
  const model = embedder.modelId;
  const queryHash = await hashQuery(request.query);
  try {
    const results = await withCaller(
      ctx.db.pool,
      caller,
      async (tx) => {
        const found = await searchChunks(tx, { ...request, vector, model: { id: model, dims: embedder.dims } });
        // Traced in the same transaction as the caller: the trace holds the query's hash, never its text. Its
        // insert also reads the model searches use now: when a model change ended after the query was embedded,
        // the transaction is rolled back (trace and all) and the query embedded again with the new model.
        const activeModel = await recordSearchTrace(tx, {
          userId: caller.userId,
          queryHash,
          model,
          embedMs: embedded - started,
          searchMs: performance.now() - embedded,
          candidates: found.candidates,
          results: found.hits.length,
          topScore: found.hits[0]?.score ?? null,
          miss: found.hits.length < 2,
        });
        if (activeModel !== model && !last) throw new ModelChanged();
        return found.hits;
      },
      searchSettings(request.limit),
    );
    return { results, model, miss: results.length < 2 };
  } catch (error) {
    if (error instanceof ModelChanged) return undefined;
    throw error;
  }
}
