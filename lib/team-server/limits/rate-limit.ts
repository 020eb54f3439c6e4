/**
 * Per-user rate limits (migration 004): a token bucket per person and kind in Postgres, so every instance sees
 * the same budget. A member may send `perMinute` requests at once, then one every 60/perMinute seconds.
 */
import type pg from 'pg';

export type RateBucket = 'search' | 'upload';

export type RateLimits = Record<RateBucket, { perMinute: number }>;

export interface RateLimiter {
  /** Spends one request of `userId`'s `bucket`: allowed, or the whole seconds to wait (for Retry-After). */
  take(userId: string, bucket: RateBucket): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
}

export function createRateLimiter(pool: pg.Pool, limits: RateLimits): RateLimiter {
  return {
    async take(userId, bucket) {
      const { perMinute } = limits[bucket];
      const { rows } = await pool.query<{ wait: number }>('SELECT tabwise.take_rate_token($1, $2, $3, $4) AS wait', [
        userId,
        bucket,
        perMinute,
        perMinute / 60,
      ]);
      const wait = Number(rows[0]!.wait);
      return wait <= 0 ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait)) };
    },
  };
}
