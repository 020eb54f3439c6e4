/**
 * The pass-through's two routes, OpenAI's and Anthropic's, where each SDK's base URL points
 * (`<server>/v1/proxy/openai` and `<server>/v1/proxy/anthropic`). Plain Hono routes: the body is the vendor's,
 * passed on as it came (forward-to-provider.ts checks what it must), not an API shape of ours.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { forwardToProvider } from '../providers/forward-to-provider';
import type { ApiEnv, ServerContext } from './server-context';

export function addProxyRoutes(app: OpenAPIHono<ApiEnv>, ctx: ServerContext) {
  const deps = { pool: ctx.db.pool, sealer: ctx.keySealer, log: ctx.log };
  app.post('/v1/proxy/openai/chat/completions', (c) => forwardToProvider(deps, 'openai', c.get('caller'), c.req.raw));
  app.post('/v1/proxy/anthropic/v1/messages', (c) => forwardToProvider(deps, 'anthropic', c.get('caller'), c.req.raw));
}
