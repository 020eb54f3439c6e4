/**
 * Migration 14: the policies' membership functions in PL/pgSQL, so their one query is planned once per session.
 * As SQL functions that are SECURITY DEFINER (never inlined), each call parsed and planned its query again, and
 * every table a statement reads under the policies calls one: a search called `caller_team_ids` six times, each
 * 0.04-0.2 ms of the embedded Postgres's one thread. What each answers is unchanged: the same query, the same
 * owner, the same search path.
 */
export const migration014 = {
  version: 14,
  name: 'policy-functions-cached',
  sql: /* sql */ `
CREATE OR REPLACE FUNCTION tabwise.caller_team_ids() RETURNS uuid[] LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = tabwise, pg_temp AS $$
BEGIN
  RETURN (SELECT coalesce(array_agg(team_id), '{}') FROM tabwise.members WHERE user_id = tabwise.caller_id());
END $$;

CREATE OR REPLACE FUNCTION tabwise.caller_admin_team_ids() RETURNS uuid[] LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = tabwise, pg_temp AS $$
BEGIN
  RETURN (SELECT coalesce(array_agg(team_id), '{}') FROM tabwise.members
           WHERE user_id = tabwise.caller_id() AND role = 'admin');
END $$;

CREATE OR REPLACE FUNCTION tabwise.caller_is_platform_admin() RETURNS boolean LANGUAGE plpgsql STABLE
  SECURITY DEFINER SET search_path = tabwise, pg_temp AS $$
BEGIN
  RETURN coalesce((SELECT platform_admin FROM tabwise.users WHERE id = tabwise.caller_id()), false);
END $$;

`,
};
