/**
 * The one step that turns a request's credentials into a caller. Personal access tokens today; OpenID Connect
 * tokens will be a second branch here, and nothing after this function will know which one signed the caller in.
 */
import type pg from 'pg';
import type { Caller } from '../db/with-caller';
import { hashAccessToken, isAccessTokenShaped } from './access-token';

/** Why a request has no caller. */
export type AuthFailure = 'missing' | 'malformed' | 'invalid';

/** The caller named by an `Authorization` header, or why there is none. A revoked or unknown token is 'invalid'. */
export async function resolveCaller(
  pool: pg.Pool,
  authorization: string | undefined,
): Promise<{ caller: Caller } | { failure: AuthFailure }> {
  if (!authorization) return { failure: 'missing' };
  const match = /^Bearer ([^\s]+)$/.exec(authorization);
  if (!match || !isAccessTokenShaped(match[1]!)) return { failure: 'malformed' };
  const { rows } = await pool.query<{ user_id: string | null }>('SELECT tabwise.authenticate_token($1) AS user_id', [
    hashAccessToken(match[1]!),
  ]);
  const userId = rows[0]?.user_id;
  return userId ? { caller: { userId } } : { failure: 'invalid' };
}
