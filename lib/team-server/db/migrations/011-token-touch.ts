/**
 * Migration 11: resolving a token writes its `last_used_at` at most once a minute. Every request resolves its
 * token, and each resolution was an UPDATE of the token's row (a new row version, its index entries, the WAL),
 * which on the one embedded connection every other request waited behind. The time a token was last used is
 * still known to the minute; revoked and expired tokens are refused exactly as before (migration 005).
 */
export const migration011 = {
  version: 11,
  name: 'token-touch',
  sql: /* sql */ `
CREATE OR REPLACE FUNCTION tabwise.authenticate_token(hash bytea) RETURNS uuid LANGUAGE plpgsql VOLATILE
  SECURITY DEFINER SET search_path = tabwise, pg_temp AS $$
DECLARE
  who uuid;
  used timestamptz;
BEGIN
  SELECT t.user_id, t.last_used_at INTO who, used FROM tabwise.access_tokens t
   WHERE t.token_hash = hash AND t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > now());
  IF who IS NOT NULL AND (used IS NULL OR used < now() - interval '1 minute') THEN
    UPDATE tabwise.access_tokens t SET last_used_at = now() WHERE t.token_hash = hash;
  END IF;
  RETURN who;
END $$;
`,
};
