/**
 * Signing in with the team's IdP, in three steps (README "Team server", sign-in):
 *   1. start: the extension opens `/v1/auth/oidc/start` with its redirect URI (one the operator allowed, or the
 *      request is refused before any redirect) and its PKCE challenge; the server keeps a flow (its own state,
 *      nonce and PKCE verifier for the IdP) and sends the browser to the IdP;
 *   2. callback: the IdP sends the browser back; the flow's state is taken once, the code exchanged with
 *      `openid-client` (state, nonce, PKCE, ID token checked), the subject linked to a person (link-identity.ts),
 *      and the browser sent to the extension's redirect URI with a one-time exchange code valid for a minute;
 *   3. exchange: the extension posts the code with its PKCE verifier and gets a session token (`tws_`). The code is
 *      spent by the first attempt, right or wrong, so a stolen code is worth one guess at a verifier.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import * as client from 'openid-client';
import type pg from 'pg';
import { withOwner } from '../db/with-caller';
import { hashAccessToken, newSecret } from './access-token';
import { linkIdentity, type IdpClaims } from './link-identity';
import type { OidcIssuer } from './oidc-issuer';

const FLOW_MINUTES = 10;
const EXCHANGE_SECONDS = 60;

/** Whether the server may send the browser to `uri` (config.ts's rules: exact, or any path of an `origin/*`). */
export function isAllowedRedirect(allowed: readonly string[], uri: string): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch (error) {
    void error; // not a URL: not allowed
    return false;
  }
  if (url.username || url.password || url.hash) return false;
  return allowed.some((rule) => (rule.endsWith('/*') ? url.origin === rule.slice(0, -2) : url.href === rule));
}

export interface StartInput {
  redirectUri: string;
  codeChallenge: string;
  /** The extension's own state, given back with the code so it knows the answer is to its request. */
  clientState?: string;
}

/** The IdP's authorization URL for a new flow; undefined when `redirectUri` is not allowed. */
export async function startOidcSignIn(
  pool: pg.Pool,
  issuer: OidcIssuer,
  callbackUrl: string,
  input: StartInput,
): Promise<URL | undefined> {
  if (!isAllowedRedirect(issuer.config.redirectUris, input.redirectUri)) return undefined;
  const config = await issuer.discover();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const verifier = client.randomPKCECodeVerifier();
  await withOwner(pool, async (tx) => {
    // Abandoned flows go: nothing else would ever remove them.
    await tx.query(`DELETE FROM oidc_flows WHERE expires_at < now() - interval '1 hour'`);
    await tx.query(
      `INSERT INTO oidc_flows (state_hash, nonce, idp_verifier, redirect_uri, client_state, code_challenge, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(mins => $7))`,
      [
        hashAccessToken(state),
        nonce,
        verifier,
        input.redirectUri,
        input.clientState ?? null,
        input.codeChallenge,
        FLOW_MINUTES,
      ],
    );
  });
  return client.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
}

interface FlowRow {
  id: string;
  nonce: string;
  idp_verifier: string;
  redirect_uri: string;
  client_state: string | null;
}

/** Where the callback sends the browser, or why it cannot (then it goes nowhere: the flow is unknown). */
export type CallbackAnswer = { redirect: string } | { refused: string };

const back = (flow: FlowRow, params: Record<string, string>) => {
  const url = new URL(flow.redirect_uri);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  if (flow.client_state) url.searchParams.set('state', flow.client_state);
  return { redirect: url.href };
};

/** Step 2. `query` is the callback's query string; `log` hears why an IdP answer was refused. */
export async function finishOidcCallback(
  pool: pg.Pool,
  issuer: OidcIssuer,
  callbackUrl: string,
  query: URLSearchParams,
  log: (line: string) => void,
): Promise<CallbackAnswer> {
  const state = query.get('state');
  if (!state || state.length > 500) return { refused: 'this sign-in has no state' };
  const taken = await pool.query<FlowRow>(
    `UPDATE tabwise.oidc_flows SET returned_at = now()
      WHERE state_hash = $1 AND returned_at IS NULL AND expires_at > now()
      RETURNING id, nonce, idp_verifier, redirect_uri, client_state`,
    [hashAccessToken(state)],
  );
  const flow = taken.rows[0];
  if (!flow) return { refused: 'this sign-in is unknown, was already finished, or has expired: start again' };
  if (query.has('error')) return back(flow, { error: 'access_denied' });
  let claims: IdpClaims & { iss: string };
  try {
    const current = new URL(callbackUrl);
    current.search = query.toString();
    const config = await issuer.discover();
    const tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: flow.idp_verifier,
      expectedState: state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims()!;
    // Many providers put the email in the ID token; a conforming one may keep it for the userinfo endpoint.
    if (claims.email === undefined && tokens.access_token)
      claims = { ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)), iss: claims.iss };
  } catch (error) {
    log(`team-server: the identity provider's answer was refused: ${(error as Error).message}`);
    return back(flow, { error: 'idp_refused' });
  }
  const linked = await withOwner(pool, (tx) => linkIdentity(tx, claims.iss, claims, issuer.config.autoJoin));
  if ('refused' in linked) return back(flow, { error: linked.refused === 'not-invited' ? 'not_invited' : 'no_email' });
  const code = randomBytes(32).toString('base64url');
  await pool.query(
    `UPDATE tabwise.oidc_flows SET exchange_hash = $2, user_id = $3,
            exchange_expires_at = now() + make_interval(secs => $4) WHERE id = $1`,
    [flow.id, hashAccessToken(code), linked.userId, EXCHANGE_SECONDS],
  );
  return back(flow, { code });
}

export interface ExchangeInput {
  code: string;
  codeVerifier: string;
  redirectUri: string;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier, 'ascii').digest('base64url');
const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** Step 3: a new session token and when it ends, or undefined (unknown, spent or expired code, wrong verifier). */
export async function exchangeOidcCode(
  pool: pg.Pool,
  input: ExchangeInput,
  sessionDays: number,
): Promise<{ token: string; expiresAt: string } | undefined> {
  return withOwner(pool, async (tx) => {
    const spent = await tx.query<{ user_id: string; code_challenge: string; redirect_uri: string; live: boolean }>(
      `UPDATE oidc_flows SET exchanged_at = now()
        WHERE exchange_hash = $1 AND exchanged_at IS NULL
        RETURNING user_id, code_challenge, redirect_uri, exchange_expires_at > now() AS live`,
      [hashAccessToken(input.code)],
    );
    const flow = spent.rows[0];
    if (!flow?.live || flow.redirect_uri !== input.redirectUri) return undefined;
    if (!sameText(s256(input.codeVerifier), flow.code_challenge)) return undefined;
    const { token, hash } = newSecret('tws');
    const { rows } = await tx.query<{ expires_at: Date }>(
      `INSERT INTO access_tokens (user_id, token_hash, name, kind, expires_at)
       VALUES ($1, $2, 'sign-in', 'session', now() + make_interval(days => $3)) RETURNING expires_at`,
      [flow.user_id, hash, sessionDays],
    );
    return { token, expiresAt: new Date(rows[0]!.expires_at).toISOString() };
  });
}
