/**
 * The team server's HTTP API: Hono with every input validated by the zod schemas that also make the OpenAPI
 * description (/openapi.json). Everything under /v1 but /v1/auth (how one signs in) and /v1/view (a document view
 * link, its own credential) needs a caller
 * (resolve-caller.ts), and every query it runs goes through row-level security as that caller.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { resolveCaller } from '../auth/resolve-caller';
import { bucketTakenWithToken } from '../limits/rate-limit';
import { addAccountRoutes } from './account-routes';
import { addAuditRoutes } from './audit-routes';
import { addAuthRoutes, addSignOutRoute } from './auth-routes';
import { answerThrown, apiError } from './api-error';
import { addDocumentRoutes } from './document-routes';
import { ErrorSchema, HealthSchema, LiveSchema } from './schemas';
import { addPeopleRoutes } from './people-routes';
import { withCaller } from '../db/with-caller';
import { callerIsAnyAdmin } from '../people/team-people';
import type { Context, MiddlewareHandler } from 'hono';
import { addSearchRoutes } from './search-routes';
import { readRecentSearches } from '../search/record-search-trace';
import { readModelProgress } from '../ingest/model-change';
import { addEventRoutes } from './event-routes';
import { addMcpRoute } from './mcp-route';
import { addViewLinkRoute, addViewPageRoute, VIEW_PATH_PREFIX } from './view-routes';
import { addProviderRoutes } from './provider-routes';
import { addProxyRoutes } from './proxy-routes';
import type { ApiEnv, ServerContext } from './server-context';
import { createRoute } from '@hono/zod-openapi';

const json = <T>(schema: T, description: string) => ({ content: { 'application/json': { schema } }, description });

const health = createRoute({
  method: 'get',
  path: '/health',
  security: [{ bearer: [] }],
  summary: 'The health view (admins): the database kind, the model, the queue and recent searches',
  responses: {
    200: json(HealthSchema, 'Health'),
    401: json(ErrorSchema, 'No valid token'),
    403: json(ErrorSchema, 'Not an admin'),
  },
});

const live = createRoute({
  method: 'get',
  path: '/live',
  summary: 'Liveness for a load balancer: says nothing but that the server answers',
  responses: { 200: json(LiveSchema, 'Alive') },
});

/** The caller of a request, or the 401 to answer. */
async function authenticate(ctx: ServerContext, c: Context<ApiEnv>) {
  // Anthropic's SDK given a key sends it as x-api-key: on the pass-through that is the member's token too.
  const apiKey = c.req.path.startsWith('/v1/proxy/anthropic/') ? c.req.header('x-api-key') : undefined;
  const authorization = c.req.header('authorization') ?? (apiKey ? `Bearer ${apiKey}` : undefined);
  // A search's bucket is taken with its token, in one round trip; its route's rateLimited answers from that take.
  const bucket = bucketTakenWithToken(c.req.method, c.req.path);
  const spend = bucket ? ctx.rateLimiter.spend(bucket) : undefined;
  const resolved = await resolveCaller(ctx.db.pool, authorization, ctx.oidc, ctx.log, spend);
  if ('failure' in resolved) {
    c.header('WWW-Authenticate', 'Bearer');
    return { refused: apiError(c, 401, 'unauthorized', `no valid token (${resolved.failure})`) };
  }
  if (resolved.taken) c.set('rateTaken', resolved.taken);
  return { caller: resolved.caller };
}

export function createApp(ctx: ServerContext, middleware?: MiddlewareHandler<ApiEnv>): OpenAPIHono<ApiEnv> {
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
  if (middleware) app.use('*', middleware);
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });

  app.openapi(live, (c) => c.json({ status: 'ok' as const }, 200));
  app.openapi(health, async (c) => {
    const auth = await authenticate(ctx, c);
    if (auth.refused) return auth.refused;
    if (!(await withCaller(ctx.db.pool, auth.caller, callerIsAnyAdmin)))
      return apiError(c, 403, 'forbidden', 'the health view is for admins');
    // This instance's searches of the last moment are counted too; other instances' within a second.
    await ctx.traces.flush();
    const waiting = await ctx.queue.depth();
    return c.json(
      {
        status: waiting >= ctx.queueCapacity ? ('degraded' as const) : ('ok' as const),
        database: ctx.db.kind,
        model: ctx.models.target.modelId,
        instance: ctx.instanceId,
        queue: { waiting, capacity: ctx.queueCapacity },
        models: { ...(await readModelProgress(ctx.db.pool)), reembedJobsPending: await ctx.queue.reembedPending() },
        events: ctx.events.mode,
        searches: await readRecentSearches(ctx.db.pool),
      },
      200,
    );
  });
  app.doc('/openapi.json', { openapi: '3.0.0', info: { title: 'Tabwise team server', version: '0.1.0' } });

  // How one gets a token needs none.
  addAuthRoutes(app, ctx);
  // A document view link is its own credential: a browser tab opens it with no bearer token.
  addViewPageRoute(app, ctx);
  app.use('/v1/*', async (c, next) => {
    if (c.req.path.startsWith('/v1/auth/') || c.req.path.startsWith(VIEW_PATH_PREFIX)) return next();
    const auth = await authenticate(ctx, c);
    if (auth.refused) return auth.refused;
    c.set('caller', auth.caller);
    await next();
  });
  addAccountRoutes(app, ctx);
  addSignOutRoute(app, ctx);
  addPeopleRoutes(app, ctx);
  addDocumentRoutes(app, ctx);
  addViewLinkRoute(app, ctx);
  addSearchRoutes(app, ctx);
  addEventRoutes(app, ctx);
  addMcpRoute(app, ctx);
  addAuditRoutes(app, ctx);
  addProviderRoutes(app, ctx);
  addProxyRoutes(app, ctx);
  return app;
}
