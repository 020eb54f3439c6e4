/** Hybrid search over everything the caller may read. */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { hashQuery } from '../../retrieval/search-trace';
import { withCaller } from '../db/with-caller';
import { recordSearchTrace } from '../search/record-search-trace';
import { searchChunks } from '../search/search-chunks';
import { rateLimited } from './rate-limited';
import { ErrorSchema, SearchResultSchema, SearchSchema } from './schemas';
import type { ApiEnv, ServerContext } from './server-context';

const json = <T>(schema: T, description: string) => ({ content: { 'application/json': { schema } }, description });

const search = createRoute({
  method: 'post',
  path: '/v1/search',
  security: [{ bearer: [] }],
  summary: 'Hybrid search (vectors + full text) with filters, snippets and citations',
  request: { body: { content: { 'application/json': { schema: SearchSchema } }, required: true } },
  responses: {
    200: json(SearchResultSchema, 'Best first; miss when fewer than 2 passages pass the floor'),
    400: json(ErrorSchema, 'Invalid request'),
    401: json(ErrorSchema, 'No valid token'),
    429: json(ErrorSchema, 'Too many searches from you: retry after Retry-After seconds'),
  },
});

export function addSearchRoutes(app: OpenAPIHono<ApiEnv>, ctx: ServerContext) {
  app.use('/v1/search', rateLimited(ctx, 'search', 'POST'));
  app.openapi(search, async (c) => {
    const body = c.req.valid('json');
    const caller = c.get('caller');
    const started = performance.now();
    const [vector] = await ctx.embedder.embed([body.query]);
    const embedded = performance.now();
    const model = ctx.embedder.modelId;
    const queryHash = await hashQuery(body.query);
    const results = await withCaller(ctx.db.pool, caller, async (tx) => {
      const found = await searchChunks(tx, { ...body, vector: vector!, model: { id: model, dims: ctx.dims } });
      // Traced in the same transaction as the caller: the trace holds the query's hash, never its text.
      await recordSearchTrace(tx, {
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
      return found.hits;
    });
    return c.json({ results, model, miss: results.length < 2 }, 200);
  });
}
