/**
 * The team server's HTTP API: Hono with every input validated by the zod schemas that also make the OpenAPI
 * description (/openapi.json). Everything under /v1 needs a caller (resolve-caller.ts), and every query it runs
 * goes through row-level security as that caller.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { resolveCaller } from '../auth/resolve-caller';
import { addAccountRoutes } from './account-routes';
import { answerThrown, apiError } from './api-error';
import { addDocumentRoutes } from './document-routes';
import { HealthSchema } from './schemas';
import { addSearchRoutes } from './search-routes';
import { readRecentSearches } from '../search/record-search-trace';
import type { ApiEnv, ServerContext } from './server-context';
import { createRoute } from '@hono/zod-openapi';

const health = createRoute({
  method: 'get',
  path: '/health',
  summary: 'Liveness, the database kind, the model and the queue',
  responses: { 200: { content: { 'application/json': { schema: HealthSchema } }, description: 'Health' } },
});

export function createApp(ctx: ServerContext): OpenAPIHono<ApiEnv> {
  const app = new OpenAPIHono<ApiEnv>({
    // A failed validation is a 400 in the API's error shape, naming the fields (never echoing their values).
    defaultHook: (result, c) => {
      if (result.success) return;
      const fields = result.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
      return apiError(c, 400, 'invalid_request', fields.slice(0, 1000));
    },
  });
  app.onError((error, c) => {
    // Hono's own HTTP errors (a body that is not JSON, say) keep their status.
    const status = (error as { status?: number }).status;
    if (status === 400) return apiError(c, 400, 'invalid_request', 'the body is not valid JSON');
    return answerThrown(c, error);
  });
  app.notFound((c) => apiError(c, 404, 'not_found', 'no such route'));
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });

  app.openapi(health, async (c) => {
    const waiting = await ctx.queue.depth();
    return c.json(
      {
        status: waiting >= ctx.queueCapacity ? ('degraded' as const) : ('ok' as const),
        database: ctx.db.kind,
        model: ctx.embedder.modelId,
        queue: { waiting, capacity: ctx.queueCapacity },
        searches: await readRecentSearches(ctx.db.pool),
      },
      200,
    );
  });
  app.doc('/openapi.json', { openapi: '3.0.0', info: { title: 'Tabwise team server', version: '0.1.0' } });

  app.use('/v1/*', async (c, next) => {
    const resolved = await resolveCaller(ctx.db.pool, c.req.header('authorization'));
    if ('failure' in resolved) {
      c.header('WWW-Authenticate', 'Bearer');
      return apiError(c, 401, 'unauthorized', `no valid token (${resolved.failure})`);
    }
    c.set('caller', resolved.caller);
    await next();
  });
  addAccountRoutes(app, ctx);
  addDocumentRoutes(app, ctx);
  addSearchRoutes(app, ctx);
  return app;
}
