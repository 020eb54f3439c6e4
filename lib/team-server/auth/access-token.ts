/**
 * Secrets the server hands out: personal access tokens (`twp_`), sign-in sessions (`tws_`), invitations
 * (`twi_`) and document view links (`twv_`), each a prefix and 32 random bytes in base64url. Only their SHA-256 is stored, so a copy of the
 * database signs nobody in and redeems no invitation.
 */
import { createHash, randomBytes } from 'node:crypto';

export type SecretKind = 'twp' | 'tws' | 'twi' | 'twv';

const SHAPE = /^(twp|tws|twi|twv)_[A-Za-z0-9_-]{43}$/;

/** A fresh secret (shown once) and the hash to store. */
export function newSecret(kind: SecretKind): { token: string; hash: Buffer } {
  const token = `${kind}_${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashAccessToken(token) };
}

/** A fresh personal access token and its hash. */
export const newAccessToken = () => newSecret('twp');

export const hashAccessToken = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest();

/** Whether a string has the shape of a bearer token, a PAT or a session (checked before any database work). */
export const isAccessTokenShaped = (token: string): boolean => SHAPE.test(token) && /^tw[ps]_/.test(token);

/** Whether a string has the shape of an invitation token. */
export const isInvitationShaped = (token: string): boolean => SHAPE.test(token) && token.startsWith('twi_');

/** Whether a string has the shape of a document view link's token. */
export const isViewTokenShaped = (token: string): boolean => SHAPE.test(token) && token.startsWith('twv_');
