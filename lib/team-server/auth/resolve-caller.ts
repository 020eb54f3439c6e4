/**
 * The one step that turns a request's credentials into a caller: a personal access token or a sign-in session
 * (looked up by hash), or a JWT the team's IdP issued (verified with jose against its JWKS, then linked to a person
 * like a sign-in). Nothing after this function knows which one signed the caller in.
 */
import type pg from 'pg';
import type { Caller } from '../db/with-caller';
import { withOwner } from '../db/with-caller';
import { hashAccessToken, isAccessTokenShaped } from './access-token';
import { linkIdentity } from './link-identity';
import type { OidcIssuer } from './oidc-issuer';
import { takeAnswer, type EarlyTake, type RateSpend } from '../limits/rate-limit';

/** Why a request has no caller. */
export type AuthFailure = 'missing' | 'malformed' | 'invalid';

/** Three base64url parts (the last may be empty: an unsigned JWT, which is refused by the check, not the shape). */
const JWT_SHAPE = /^[A-Za-z0-9_-]{2,4096}\.[A-Za-z0-9_-]{2,8192}\.[A-Za-z0-9_-]{0,2048}$/;

/**
 * The caller named by an `Authorization` header, or why there is none. A revoked, expired or unknown token is
 * 'invalid', and so is an IdP JWT that is expired, for another audience or issuer, signed by another key, or unsigned.
 * With `spend`, a personal token's resolution also takes from the caller's bucket (`taken`); an IdP JWT's does not.
 */
export async function resolveCaller(
  pool: pg.Pool,
  authorization: string | undefined,
  idp?: OidcIssuer,
  log: (line: string) => void = () => {},
  spend?: RateSpend,
): Promise<{ caller: Caller; taken?: EarlyTake } | { failure: AuthFailure }> {
  if (!authorization) return { failure: 'missing' };
  const match = /^Bearer ([^\s]+)$/.exec(authorization);
  if (match && idp && JWT_SHAPE.test(match[1]!)) return resolveIdpToken(pool, idp, match[1]!, log);
  if (!match || !isAccessTokenShaped(match[1]!)) return { failure: 'malformed' };
  if (spend) {
    // The token and the request's rate bucket in one call (migration 012): nothing is taken for no one.
    const { rows } = await pool.query<{ user_id: string | null; wait: number | null }>(
      'SELECT user_id, wait FROM tabwise.authenticate_and_take($1, $2, $3, $4)',
      [hashAccessToken(match[1]!), spend.bucket, spend.burst, spend.perSecond],
    );
    const row = rows[0];
    if (!row?.user_id) return { failure: 'invalid' };
    return { caller: { userId: row.user_id }, taken: { bucket: spend.bucket, answer: takeAnswer(Number(row.wait)) } };
  }
  const { rows } = await pool.query<{ user_id: string | null }>('SELECT tabwise.authenticate_token($1) AS user_id', [
    hashAccessToken(match[1]!),
  ]);
  const userId = rows[0]?.user_id;
  return userId ? { caller: { userId } } : { failure: 'invalid' };
}

async function resolveIdpToken(pool: pg.Pool, idp: OidcIssuer, jwt: string, log: (line: string) => void) {
  let claims: Awaited<ReturnType<OidcIssuer['verifyJwt']>>;
  try {
    claims = await idp.verifyJwt(jwt);
  } catch (error) {
    log(`team-server: an identity provider token was refused: ${(error as Error).message}`);
    return { failure: 'invalid' as const };
  }
  const linked = await withOwner(pool, (tx) => linkIdentity(tx, claims.iss!, claims, idp.config.autoJoin));
  return 'userId' in linked ? { caller: { userId: linked.userId } } : { failure: 'invalid' as const };
}
