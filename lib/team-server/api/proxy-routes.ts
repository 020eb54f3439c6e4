/**
 * The pass-through's two routes, OpenAI's and Anthropic's, where each SDK's base URL points
 * (`<server>/v1/proxy/openai` and `<server>/v1/proxy/anthropic`). Plain Hono routes: the body is the vendor's,
 * passed on as it came (forward-to-provider.ts checks what it must), not an API shape of ours. The token may come as
 * Anthropic's `x-api-key` too (create-app.ts), so an Anthropic client configured with a key works unchanged.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { withCaller } from '../db/with-caller';
import { forwardToProvider } from '../providers/forward-to-provider';
import { listProxyModels } from '../providers/list-proxy-models';
import type { ApiEnv, ServerContext } from './server-context';

export function addProxyRoutes(app: OpenAPIHono<ApiEnv>, ctx: ServerContext) {
  const deps = { pool: ctx.db.pool, sealer: ctx.keySealer, log: ctx.log };
  app.post('/v1/proxy/openai/chat/completions', (c) => forwardToProvider(deps, 'openai', c.get('caller'), c.req.raw));
  app.post('/v1/proxy/anthropic/v1/messages', (c) => forwardToProvider(deps, 'anthropic', c.get('caller'), c.req.raw));
  app.get('/v1/proxy/openai/models', async (c) =>
    c.json(await withCaller(deps.pool, c.get('caller'), (tx) => listProxyModels(tx, 'openai'))),
  );
  app.get('/v1/proxy/anthropic/v1/models', async (c) =>
    c.json(await withCaller(deps.pool, c.get('caller'), (tx) => listProxyModels(tx, 'anthropic'))),
  );
}
