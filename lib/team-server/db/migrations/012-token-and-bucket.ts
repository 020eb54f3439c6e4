/**
 * Migration 12: a search's token and rate bucket in one call. Every search resolved its token (migration 011) and
 * then took from its bucket (migration 004): two round trips, one after another, on the connection every request
 * waits behind on the embedded Postgres. `authenticate_and_take` is both, in that order, and takes nothing for a
 * token that resolves to no one; each part is unchanged (a revoked or expired token is refused at once, a
 * refused take spends nothing). Called by the login role, as both parts are.
 */
export const migration012 = {
  version: 12,
  name: 'token-and-bucket',
  sql: /* sql */ `
CREATE FUNCTION tabwise.authenticate_and_take(hash bytea, which text, burst double precision,
                                              per_second double precision)
  RETURNS TABLE (user_id uuid, wait double precision) LANGUAGE plpgsql VOLATILE
  SET search_path = tabwise, pg_temp AS $$
BEGIN
  user_id := tabwise.authenticate_token(hash);
  IF user_id IS NOT NULL THEN
    wait := tabwise.take_rate_token(user_id, which, burst, per_second);
  END IF;
  RETURN NEXT;
END $$;
`,
};
