/**
 * Personal access tokens: `twp_` and 32 random bytes in base64url. Only their SHA-256 is stored, so a copy of
 * the database does not sign anyone in.
 */
import { createHash, randomBytes } from 'node:crypto';

const PREFIX = 'twp_';
const TOKEN_SHAPE = /^twp_[A-Za-z0-9_-]{43}$/;

/** A fresh token (shown to its owner once) and the hash to store. */
export function newAccessToken(): { token: string; hash: Buffer } {
  const token = PREFIX + randomBytes(32).toString('base64url');
  return { token, hash: hashAccessToken(token) };
}

export const hashAccessToken = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest();

/** Whether a string has the shape of a token (checked before any database work). */
export const isAccessTokenShaped = (token: string): boolean => TOKEN_SHAPE.test(token);
