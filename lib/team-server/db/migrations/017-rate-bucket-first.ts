/**
 * Migration 17: taking from a rate bucket locks the bucket's row first, and tries to create it only when there is
 * none. Every take ran an `INSERT … ON CONFLICT DO NOTHING` before its `SELECT … FOR UPDATE`, though the bucket
 * exists from a person's first request on: one statement of three, on the connection every request waits behind
 * on the embedded Postgres. Two first requests at once still make one bucket (the insert is the same), and the
 * take is the same arithmetic under the same row lock (migration 4).
 */
export const migration017 = {
  version: 17,
  name: 'rate-bucket-first',
  sql: /* sql */ `
CREATE OR REPLACE FUNCTION tabwise.take_rate_token(who uuid, which text, burst double precision,
                                                   per_second double precision)
  RETURNS double precision LANGUAGE plpgsql VOLATILE SET search_path = tabwise, pg_temp AS $$
DECLARE
  b tabwise.rate_buckets;
  avail double precision;
  t timestamptz := clock_timestamp();
BEGIN
  SELECT * INTO b FROM tabwise.rate_buckets r WHERE r.user_id = who AND r.bucket = which FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO tabwise.rate_buckets (user_id, bucket, tokens, refreshed_at) VALUES (who, which, burst, t)
      ON CONFLICT (user_id, bucket) DO NOTHING;
    SELECT * INTO b FROM tabwise.rate_buckets r WHERE r.user_id = who AND r.bucket = which FOR UPDATE;
  END IF;
  avail := least(burst, b.tokens + greatest(0, extract(epoch FROM t - b.refreshed_at)) * per_second);
  IF avail >= 1 THEN
    UPDATE tabwise.rate_buckets r SET tokens = avail - 1, refreshed_at = t WHERE r.user_id = who AND r.bucket = which;
    RETURN 0;
  END IF;
  UPDATE tabwise.rate_buckets r SET tokens = avail, refreshed_at = t WHERE r.user_id = who AND r.bucket = which;
  RETURN (1 - avail) / per_second;
END $$;
`,
};
