/** The API's error body, and the mapping of database and domain errors onto it. */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isDatabaseUnreachable } from '../ingest/ingest-queue';
import { isTeamRefusal } from '../team-refusal';

export type ApiErrorCode =
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'invalid_request'
  | 'payload_too_large'
  | 'rate_limited'
  | 'queue_full'
  | 'unavailable'
  | 'internal';

export const apiError = <S extends ContentfulStatusCode>(c: Context, status: S, code: ApiErrorCode, message: string) =>
  c.json({ error: { code, message } }, status);

/** A thrown error as the answer: policy refusals are 403, anything unexpected 500 without its details. */
export function answerThrown(c: Context, error: unknown) {
  const pgCode = (error as { code?: unknown })?.code;
  if (isTeamRefusal(error, 'not-admin')) return apiError(c, 403, 'forbidden', error.message);
  if (isTeamRefusal(error, 'invitation-invalid')) return apiError(c, 404, 'not_found', error.message);
  if (isTeamRefusal(error, 'scope') || pgCode === '42501') return apiError(c, 403, 'forbidden', 'not allowed here');
  if (pgCode === 'TW409') return apiError(c, 409, 'conflict', 'a team keeps at least one admin');
  if (isDatabaseUnreachable(error)) {
    // A restart of the database, say: nothing was written, and the same request will work again soon.
    c.header('Retry-After', '5');
    return apiError(c, 503, 'unavailable', 'the database is not reachable: retry in a moment');
  }
  console.error('team-server: request failed', error);
  return apiError(c, 500, 'internal', 'the server could not answer');
}
