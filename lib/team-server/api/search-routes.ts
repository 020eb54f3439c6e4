/** Hybrid search over everything the caller may read. */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { withCaller } from '../db/with-caller';
import { searchChunks } from '../search/search-chunks';
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
  },
});

export function addSearchRoutes(app: OpenAPIHono<ApiEnv>, ctx: ServerContext) {
  app.openapi(search, async (c) => {
    const body = c.req.valid('json');
    const [vector] = await ctx.embedder.embed([body.query]);
    const results = await withCaller(ctx.db.pool, c.get('caller'), (tx) =>
      searchChunks(tx, { ...body, vector: vector!, model: { id: ctx.embedder.modelId, dims: ctx.dims } }),
    );
    return c.json({ results, model: ctx.embedder.modelId, miss: results.length < 2 }, 200);
  });
}
