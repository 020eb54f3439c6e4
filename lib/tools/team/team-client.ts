/**
 * The background's requests to the team server: one function per endpoint, the token as a bearer header, only ever
 * to the server's own origin, with a deadline. A reply is the server's word: checked against its schema, and a
 * failure is a `TeamServerFailure` whose `shown` text is in the user's words (never the token, never the reply).
 */
import { z } from 'zod';
import { t } from '../../util/t';
import { isServiceFailure, ServiceFailure } from '../service-failure';
import { teamIdentitySchema, type TeamCredentials, type TeamIdentity } from './team-connection-store';

export type TeamFailureKind = 'unreachable' | 'timeout' | 'refused' | 'rate_limited' | 'http' | 'bad_reply';

/** A failed request to the team server: a ServiceFailure of service 'team', its message the `shown` text. */
export type TeamServerFailure = ServiceFailure<TeamFailureKind>;

/** The team server's failure of `kind`, said as `shown`; `retryAfterS` is the wait the server asked for (429/503). */
export const teamServerFailure = (kind: TeamFailureKind, shown: string, retryAfterS?: number): TeamServerFailure =>
  new ServiceFailure('team', kind, shown, shown, retryAfterS === undefined ? {} : { retryAfterS });

/** Whether `error` is the team server's failure. */
export const isTeamServerFailure = (error: unknown): error is TeamServerFailure =>
  isServiceFailure<TeamFailureKind>(error, 'team');

export interface TeamClientDeps {
  fetch: typeof fetch;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 8000;
const MAX_REPLY_BYTES = 1024 * 1024;

const retryAfter = (r: Response) => {
  const s = Number(r.headers.get('retry-after'));
  return Number.isFinite(s) && s >= 0 ? s : undefined;
};

/**
 * Asks `path` of the server (with the token, when there is one) and answers its JSON (undefined for a 204), or
 * throws a TeamServerFailure.
 */
async function request(
  creds: { url: string; token?: string },
  path: string,
  deps: TeamClientDeps,
  init: { method?: 'GET' | 'POST' | 'DELETE'; body?: unknown } = {},
): Promise<unknown> {
  const host = new URL(creds.url).host;
  let response: Response;
  try {
    response = await deps.fetch(new URL(path, creds.url).href, {
      method: init.method ?? 'GET',
      headers: {
        ...(creds.token ? { authorization: `Bearer ${creds.token}` } : {}),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      // The server's answer only: never follow a redirect elsewhere with the token.
      redirect: 'error',
      credentials: 'omit',
      signal: AbortSignal.timeout(deps.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError')
      throw teamServerFailure('timeout', t('team_fail_timeout', host));
    throw teamServerFailure('unreachable', t('team_fail_unreachable', host));
  }
  if (response.status === 401 || response.status === 403)
    throw teamServerFailure('refused', t('team_fail_refused', host));
  if (response.status === 429 || response.status === 503) {
    const wait = retryAfter(response);
    throw teamServerFailure('rate_limited', t('team_fail_busy', host, wait ?? 60), wait);
  }
  if (!response.ok) throw teamServerFailure('http', t('team_fail_http', host, response.status));
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text.length > MAX_REPLY_BYTES) throw teamServerFailure('bad_reply', t('team_fail_bad_reply', host));
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    void error; // said below
    throw teamServerFailure('bad_reply', t('team_fail_bad_reply', host));
  }
}

/** Who the token belongs to on the server, and their teams (`GET /v1/me`). */
export async function fetchTeamIdentity(creds: TeamCredentials, deps: TeamClientDeps): Promise<TeamIdentity> {
  const parsed = teamIdentitySchema.safeParse(await request(creds, '/v1/me', deps));
  if (!parsed.success) throw teamServerFailure('bad_reply', t('team_fail_bad_reply', new URL(creds.url).host));
  return parsed.data;
}

const authConfigSchema = z.object({ oidc: z.boolean() });
const sessionSchema = z.object({ token: z.string().regex(/^tws_[A-Za-z0-9_-]{43}$/), expiresAt: z.string().max(40) });

const parsed = <T>(schema: z.ZodType<T>, value: unknown, url: string): T => {
  const r = schema.safeParse(value);
  if (!r.success) throw teamServerFailure('bad_reply', t('team_fail_bad_reply', new URL(url).host));
  return r.data;
};

/** How the server lets people sign in (`GET /v1/auth/config`, no token). */
export async function fetchTeamAuthConfig(url: string, deps: TeamClientDeps): Promise<{ oidc: boolean }> {
  return parsed(authConfigSchema, await request({ url }, '/v1/auth/config', deps), url);
}

/** Trades the one-time code of an organisation sign-in, with the PKCE verifier, for a session token. */
export async function exchangeTeamSignInCode(
  url: string,
  exchange: { code: string; codeVerifier: string; redirectUri: string },
  deps: TeamClientDeps,
): Promise<{ token: string; expiresAt: string }> {
  const body = { code: exchange.code, code_verifier: exchange.codeVerifier, redirect_uri: exchange.redirectUri };
  return parsed(sessionSchema, await request({ url }, '/v1/auth/oidc/exchange', deps, { method: 'POST', body }), url);
}

/** Ends the sign-in session `creds` carries, on the server (`DELETE /v1/session`). */
export async function endTeamSession(creds: TeamCredentials, deps: TeamClientDeps): Promise<void> {
  await request(creds, '/v1/session', deps, { method: 'DELETE' });
}

const teamProviderGroupsSchema = z
  .array(
    z.object({
      teamId: z.string().max(200),
      teamName: z.string().max(200),
      mode: z.enum(['team-only', 'team-and-own']),
      providers: z
        .array(
          z.object({
            id: z.string().max(200),
            name: z.string().max(100),
            kind: z.enum(['openai', 'anthropic', 'openai-compatible']),
            models: z.array(z.string().max(200)).min(1).max(200),
            createdAt: z.string().max(40),
          }),
        )
        .max(100),
    }),
  )
  .max(200);
/** The providers of the user's teams and each team's mode, as the server lists them (never a key). */
export type TeamProviderGroups = z.output<typeof teamProviderGroupsSchema>;

/** The user's teams' providers (`GET /v1/me/providers`). */
export async function fetchTeamProviders(creds: TeamCredentials, deps: TeamClientDeps): Promise<TeamProviderGroups> {
  return parsed(teamProviderGroupsSchema, await request(creds, '/v1/me/providers', deps), creds.url);
}
