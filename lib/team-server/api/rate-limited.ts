/** The middleware that answers 429 with Retry-After when the caller's bucket is empty (limits/rate-limit.ts). */
import type { MiddlewareHandler } from 'hono';
import type { RateBucket } from '../limits/rate-limit';
import { apiError } from './api-error';
import type { ApiEnv, ServerContext } from './server-context';

/** Limits `method` requests (after authentication: the caller is known) on the route it is mounted on. */
export function rateLimited(ctx: ServerContext, bucket: RateBucket, method: string): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (c.req.method !== method) return next();
    // Taken already with the token (bucketTakenWithToken), or now.
    const early = c.get('rateTaken');
    const taken = early?.bucket === bucket ? early.answer : await ctx.rateLimiter.take(c.get('caller').userId, bucket);
    if (!taken.allowed) {
      c.header('Retry-After', String(taken.retryAfterSeconds));
      return apiError(c, 429, 'rate_limited', `too many ${bucket} requests: retry after ${taken.retryAfterSeconds} s`);
    }
    await next();
  };
}
