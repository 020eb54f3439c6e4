/**
 * Per-user rate limits (migration 004): a token bucket per person and kind in Postgres, so every instance sees
 * the same budget. A member may send `perMinute` requests at once, then one every 60/perMinute seconds.
 */
import type pg from 'pg';

export type RateBucket = 'search' | 'upload';

export type RateLimits = Record<RateBucket, { perMinute: number }>;

export type TakeAnswer = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** A take made with the token's resolution, before the route's own limit runs (`bucketTakenWithToken`). */
export interface EarlyTake {
  bucket: RateBucket;
  answer: TakeAnswer;
}

/** What a take spends from: the bucket and its refill, as `tabwise.take_rate_token` takes them. */
export interface RateSpend {
  bucket: RateBucket;
  burst: number;
  perSecond: number;
}

export interface RateLimiter {
  /** Spends one request of `userId`'s `bucket`: allowed, or the whole seconds to wait (for Retry-After). */
  take(userId: string, bucket: RateBucket): Promise<TakeAnswer>;
  /** The bucket's limits, for a take made with the token's resolution (`authenticate_and_take`). */
  spend(bucket: RateBucket): RateSpend;
}

/** `take_rate_token`'s answer (0, or the seconds until a token is back) as the API says it. */
export function takeAnswer(wait: number): TakeAnswer {
  return wait <= 0 ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait)) };
}

/**
 * The requests whose bucket is taken with their token, in the same call (migration 012): the ones every member
 * sends most. Each is also mounted with `rateLimited` on its route, which then uses that take.
 */
export function bucketTakenWithToken(method: string, path: string): RateBucket | undefined {
  return method === 'POST' && path === '/v1/search' ? 'search' : undefined;
}

export function createRateLimiter(pool: pg.Pool, limits: RateLimits): RateLimiter {
  const spend = (bucket: RateBucket): RateSpend => ({
    bucket,
    burst: limits[bucket].perMinute,
    perSecond: limits[bucket].perMinute / 60,
  });
  return {
    async take(userId, bucket) {
      const s = spend(bucket);
      const { rows } = await pool.query<{ wait: number }>('SELECT tabwise.take_rate_token($1, $2, $3, $4) AS wait', [
        userId,
        bucket,
        s.burst,
        s.perSecond,
      ]);
      return takeAnswer(Number(rows[0]!.wait));
    },
    spend,
  };
}
