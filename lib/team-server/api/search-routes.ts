/** Hybrid search over everything the caller may read. */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { runSearch } from '../search/run-search';
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
  app.openapi(search, async (c) => c.json(await runSearch(ctx, c.get('caller'), c.req.valid('json')), 200));
}
