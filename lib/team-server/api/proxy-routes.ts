/**
 * The pass-through's two routes, OpenAI's and Anthropic's, where each SDK's base URL points
 * (`<server>/v1/proxy/openai` and `<server>/v1/proxy/anthropic`). Plain Hono routes: the body is the vendor's,
 * passed on as it came (forward-to-provider.ts checks what it must), not an API shape of ours. The token may come as
 * Anthropic's `x-api-key` too (create-app.ts), so an Anthropic client configured with a key works unchanged.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { withCaller } from '../db/with-caller';
import { forwardToProvider, MAX_PROXY_BODY_BYTES } from '../providers/forward-to-provider';
import { wireError } from '../providers/wire-error';
import { listProxyModels } from '../providers/list-proxy-models';
import type { ApiEnv, ServerContext } from './server-context';

export function addProxyRoutes(app: OpenAPIHono<ApiEnv>, ctx: ServerContext) {
  const deps = { pool: ctx.db.pool, sealer: ctx.keySealer, log: ctx.log };
  // Counted as the body streams in, so a chunked body without a length is held to the limit too.
  for (const [path, wire] of [
    ['/v1/proxy/openai/*', 'openai'],
    ['/v1/proxy/anthropic/*', 'anthropic'],
  ] as const)
    app.use(
      path,
      bodyLimit({
        maxSize: MAX_PROXY_BODY_BYTES,
        onError: () => wireError(wire, 413, 'the request is too large', 'request_too_large'),
      }),
    );
  app.post('/v1/proxy/openai/chat/completions', (c) => forwardToProvider(deps, 'openai', c.get('caller'), c.req.raw));
  app.post('/v1/proxy/anthropic/v1/messages', (c) => forwardToProvider(deps, 'anthropic', c.get('caller'), c.req.raw));
  app.get('/v1/proxy/openai/models', async (c) =>
    c.json(await withCaller(deps.pool, c.get('caller'), (tx) => listProxyModels(tx, 'openai'))),
  );
  app.get('/v1/proxy/anthropic/v1/models', async (c) =>
    c.json(await withCaller(deps.pool, c.get('caller'), (tx) => listProxyModels(tx, 'anthropic'))),
  );
}
