/** Who the caller is, and their personal access tokens. */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { newAccessToken } from '../auth/access-token';
import { withCaller } from '../db/with-caller';
import { apiError } from './api-error';
import { ErrorSchema, IdParamSchema, MeSchema, NewTokenSchema, TokenSchema } from './schemas';
import type { ApiEnv, ServerContext } from './server-context';

const json = <T>(schema: T, description: string) => ({ content: { 'application/json': { schema } }, description });
const security = [{ bearer: [] }];
const unauthorized = { 401: json(ErrorSchema, 'No valid token') };

const me = createRoute({
  method: 'get',
  path: '/v1/me',
  security,
  summary: 'You and your teams',
  responses: { 200: json(MeSchema, 'You'), ...unauthorized },
});

const createToken = createRoute({
  method: 'post',
  path: '/v1/tokens',
  security,
  summary: 'A new personal access token, shown once',
  request: { body: { content: { 'application/json': { schema: NewTokenSchema } }, required: true } },
  responses: { 201: json(TokenSchema, 'The token'), 400: json(ErrorSchema, 'Invalid request'), ...unauthorized },
});

const revokeToken = createRoute({
  method: 'delete',
  path: '/v1/tokens/{id}',
  security,
  summary: 'Revoke one of your tokens',
  request: { params: IdParamSchema },
  responses: { 204: { description: 'Revoked' }, 404: json(ErrorSchema, 'Not found'), ...unauthorized },
});

export function addAccountRoutes(app: OpenAPIHono<ApiEnv>, ctx: ServerContext) {
  const pool = ctx.db.pool;
  app.openapi(me, async (c) => {
    const caller = c.get('caller');
    const answer = await withCaller(pool, caller, async (tx) => {
      const u = await tx.query<{ id: string; email: string; displayName: string; platformAdmin: boolean }>(
        `SELECT id, email, display_name AS "displayName", platform_admin AS "platformAdmin" FROM users WHERE id = $1`,
        [caller.userId],
      );
      const t = await tx.query<{ id: string; name: string; role: 'member' | 'admin' }>(
        `SELECT t.id, t.name, m.role FROM teams t JOIN members m ON m.team_id = t.id AND m.user_id = $1 ORDER BY t.name`,
        [caller.userId],
      );
      return { user: u.rows[0]!, teams: t.rows };
    });
    return c.json(answer, 200);
  });
  app.openapi(createToken, async (c) => {
    const caller = c.get('caller');
    const { token, hash } = newAccessToken();
    const id = await withCaller(pool, caller, async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        'INSERT INTO access_tokens (user_id, token_hash, name) VALUES ($1, $2, $3) RETURNING id',
        [caller.userId, hash, c.req.valid('json').name],
      );
      return rows[0]!.id;
    });
    return c.json({ id, token }, 201);
  });
  app.openapi(revokeToken, async (c) => {
    const revoked = await withCaller(pool, c.get('caller'), (tx) =>
      tx.query('UPDATE access_tokens SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [
        c.req.valid('param').id,
      ]),
    );
    return revoked.rowCount === 1 ? c.body(null, 204) : apiError(c, 404, 'not_found', 'no such token');
  });
}
