/**
 * Signing in (`/v1/auth/*`, public: this is how one gets a token) and signing out (`DELETE /v1/session`). The flow
 * itself is lib/team-server/auth/oidc-sign-in.ts.
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { hashAccessToken } from '../auth/access-token';
import { exchangeOidcCode, finishOidcCallback, startOidcSignIn } from '../auth/oidc-sign-in';
import { withCaller } from '../db/with-caller';
import { apiError } from './api-error';
import { ErrorSchema } from './schemas';
import type { ApiEnv, ServerContext } from './server-context';

const json = <T>(schema: T, description: string) => ({ content: { 'application/json': { schema } }, description });
const notConfigured = { 404: json(ErrorSchema, 'Sign-in with an identity provider is not configured') };
const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/);

const AuthConfigSchema = z
  .object({ oidc: z.boolean().openapi({ description: 'Whether "Sign in with your organisation" is offered' }) })
  .openapi('AuthConfig');

const StartQuerySchema = z.object({
  redirect_uri: z.string().min(1).max(2000),
  code_challenge: base64url(43, 43),
  code_challenge_method: z.literal('S256'),
  state: z.string().min(1).max(500).optional(),
});

const ExchangeSchema = z
  .object({
    code: base64url(43, 43),
    code_verifier: z
      .string()
      .min(43)
      .max(128)
      .regex(/^[A-Za-z0-9._~-]+$/),
    redirect_uri: z.string().min(1).max(2000),
  })
  .openapi('OidcExchange');

const SessionSchema = z.object({ token: z.string(), expiresAt: z.string() }).openapi('Session');

const authConfig = createRoute({
  method: 'get',
  path: '/v1/auth/config',
  summary: 'How one may sign in here',
  responses: { 200: json(AuthConfigSchema, 'The ways in') },
});

const start = createRoute({
  method: 'get',
  path: '/v1/auth/oidc/start',
  summary: "Starts signing in with the team's identity provider (opened by the extension's web auth flow)",
  request: { query: StartQuerySchema },
  responses: {
    302: { description: 'To the identity provider' },
    400: json(ErrorSchema, 'A redirect URI the server does not allow, or a bad challenge'),
    502: json(ErrorSchema, 'The identity provider cannot be reached'),
    ...notConfigured,
  },
});

const exchange = createRoute({
  method: 'post',
  path: '/v1/auth/oidc/exchange',
  summary: 'Trades the one-time code and the PKCE verifier for a session token',
  request: { body: { content: { 'application/json': { schema: ExchangeSchema } }, required: true } },
  responses: {
    200: json(SessionSchema, 'The session token, shown once'),
    400: json(ErrorSchema, 'Unknown, used or expired code, or a verifier or redirect URI that does not match'),
    ...notConfigured,
  },
});

const signOut = createRoute({
  method: 'delete',
  path: '/v1/session',
  security: [{ bearer: [] }],
  summary: 'Ends the sign-in session the request is made with',
  responses: {
    204: { description: 'Ended' },
    400: json(ErrorSchema, 'The request is not made with a session'),
    401: json(ErrorSchema, 'No valid token'),
  },
});

export function addAuthRoutes(app: OpenAPIHono<ApiEnv>, ctx: ServerContext) {
  const pool = ctx.db.pool;
  const callbackUrl = () => `${ctx.publicUrl()}/v1/auth/oidc/callback`;
  const off = (c: Parameters<typeof apiError>[0]) =>
    apiError(c, 404, 'not_found', 'sign-in with an identity provider is not configured on this server');
  app.openapi(authConfig, (c) => c.json({ oidc: !!ctx.oidc }, 200));
  app.openapi(start, async (c) => {
    if (!ctx.oidc) return off(c);
    const q = c.req.valid('query');
    let to: URL | undefined;
    try {
      to = await startOidcSignIn(pool, ctx.oidc, callbackUrl(), {
        redirectUri: q.redirect_uri,
        codeChallenge: q.code_challenge,
        ...(q.state ? { clientState: q.state } : {}),
      });
    } catch (error) {
      ctx.log(`team-server: the identity provider cannot be reached: ${(error as Error).message}`);
      return apiError(c, 502, 'internal', 'the identity provider cannot be reached');
    }
    if (!to) return apiError(c, 400, 'invalid_request', 'redirect_uri is not one this server may send you to');
    return c.redirect(to.href, 302);
  });
  app.get('/v1/auth/oidc/callback', async (c) => {
    if (!ctx.oidc) return off(c);
    const query = new URL(c.req.url).searchParams;
    const answer = await finishOidcCallback(pool, ctx.oidc, callbackUrl(), query, ctx.log);
    if ('refused' in answer) return apiError(c, 400, 'invalid_request', answer.refused);
    return c.redirect(answer.redirect, 302);
  });
  app.openapi(exchange, async (c) => {
    if (!ctx.oidc) return off(c);
    const body = c.req.valid('json');
    const session = await exchangeOidcCode(
      pool,
      { code: body.code, codeVerifier: body.code_verifier, redirectUri: body.redirect_uri },
      ctx.sessionDays,
    );
    if (!session)
      return apiError(
        c,
        400,
        'invalid_request',
        'the code is unknown, used or expired, or does not match the verifier',
      );
    return c.json(session, 200);
  });
}

/** `DELETE /v1/session`: registered after the caller is resolved (it revokes the caller's own session). */
export function addSignOutRoute(app: OpenAPIHono<ApiEnv>, ctx: ServerContext) {
  app.openapi(signOut, async (c) => {
    const token = /^Bearer (tws_\S+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    if (!token) return apiError(c, 400, 'invalid_request', 'only a sign-in session is ended here');
    await withCaller(ctx.db.pool, c.get('caller'), (tx) =>
      tx.query(`UPDATE access_tokens SET revoked_at = now() WHERE token_hash = $1 AND kind = 'session'`, [
        hashAccessToken(token),
      ]),
    );
    return c.body(null, 204);
  });
}
