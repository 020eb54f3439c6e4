/**
 * Migration 4: per-user rate limits, as token buckets in Postgres. The state is in the database, not in the
 * instance, because instances are stateless behind a load balancer and share one database: a limit kept per
 * instance would let a member who is spread over N instances send N times as much, and would forget itself at
 * every restart. One bucket row per person and kind (search, upload), taken under its row lock in one call, so
 * two instances taking at once cannot both spend the last token; a flood from one member locks only their row.
 * Only the login role touches it (the application role has no grant), before the request's own transaction.
 */
export const migration004 = {
  version: 4,
  name: 'rate-limits',
  sql: /* sql */ `
CREATE TABLE tabwise.rate_buckets (
  user_id uuid NOT NULL REFERENCES tabwise.users ON DELETE CASCADE,
  bucket text NOT NULL CHECK (bucket IN ('search', 'upload')),
  tokens double precision NOT NULL,
  refreshed_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, bucket)
);
ALTER TABLE tabwise.rate_buckets ENABLE ROW LEVEL SECURITY;

-- Takes one token from the caller's bucket: 0 when allowed, otherwise the seconds until a token is back.
-- A refused request spends nothing, so the answer's Retry-After is honest.
CREATE FUNCTION tabwise.take_rate_token(who uuid, which text, burst double precision, per_second double precision)
  RETURNS double precision LANGUAGE plpgsql VOLATILE SET search_path = tabwise, pg_temp AS $$
DECLARE
  b tabwise.rate_buckets;
  avail double precision;
  t timestamptz := clock_timestamp();
BEGIN
  INSERT INTO tabwise.rate_buckets (user_id, bucket, tokens, refreshed_at) VALUES (who, which, burst, t)
    ON CONFLICT (user_id, bucket) DO NOTHING;
  SELECT * INTO b FROM tabwise.rate_buckets r WHERE r.user_id = who AND r.bucket = which FOR UPDATE;
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
