/**
 * Migration 8: team providers (issue 27, "Platform providers"). An admin adds a provider with the team's key; the
 * members' runs go through the server's pass-through with it, metered per member against an optional monthly budget.
 *   - team_providers: readable by the team's members, written by its admins. The key is sealed by the server
 *     (AES-GCM with TEAM_SERVER_SECRET, providers/seal-provider-key.ts) and the application role may not even read
 *     the sealed column: only `tabwise.team_provider_sealed_key`, for a member of the provider's team, returns it.
 *   - team_provider_modes: per team, 'team-only' (members use the team's provider only) or 'team-and-own'.
 *   - member_budgets: a member's monthly budget in cost units; the member reads their own, admins their team's.
 *   - provider_usage: one row per pass-through request, written as the member; a member reads their own rows,
 *     an admin their team's, nobody another team's.
 */
export const migration008 = {
  version: 8,
  name: 'team-providers',
  sql: /* sql */ `
CREATE TABLE tabwise.team_providers (
  id uuid PRIMARY KEY,
  team_id uuid NOT NULL REFERENCES tabwise.teams ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  kind text NOT NULL CHECK (kind IN ('openai', 'anthropic', 'openai-compatible')),
  base_url text NOT NULL CHECK (length(base_url) <= 2000),
  models text[] NOT NULL CHECK (cardinality(models) BETWEEN 1 AND 200),
  -- Cost units per million tokens, by model: {"model": {"input": n, "output": n, "cachedInput"?: n}}.
  prices jsonb NOT NULL DEFAULT '{}',
  sealed_key bytea NOT NULL CHECK (length(sealed_key) BETWEEN 30 AND 4096),
  created_by uuid REFERENCES tabwise.users ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (team_id, name)
);
ALTER TABLE tabwise.team_providers ENABLE ROW LEVEL SECURITY;
CREATE POLICY team_providers_read ON tabwise.team_providers FOR SELECT
  USING (team_id = ANY ((SELECT tabwise.caller_team_ids())::uuid[]));
CREATE POLICY team_providers_insert ON tabwise.team_providers FOR INSERT
  WITH CHECK (team_id = ANY ((SELECT tabwise.caller_admin_team_ids())::uuid[]) AND created_by = (SELECT tabwise.caller_id()));
CREATE POLICY team_providers_delete ON tabwise.team_providers FOR DELETE
  USING (team_id = ANY ((SELECT tabwise.caller_admin_team_ids())::uuid[]));
-- Not the sealed key: a query that selects * as the application role is refused rather than handed it.
GRANT SELECT (id, team_id, name, kind, base_url, models, prices, created_by, created_at) ON tabwise.team_providers TO tabwise_app;
GRANT INSERT, DELETE ON tabwise.team_providers TO tabwise_app;

-- The sealed key of a provider of one of the caller's teams (the pass-through opens it); NULL for any other.
CREATE FUNCTION tabwise.team_provider_sealed_key(pid uuid) RETURNS bytea LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = tabwise, pg_temp AS $$
  SELECT p.sealed_key FROM tabwise.team_providers p
   WHERE p.id = pid AND p.team_id = ANY (tabwise.caller_team_ids())
$$;
REVOKE ALL ON FUNCTION tabwise.team_provider_sealed_key(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION tabwise.team_provider_sealed_key(uuid) TO tabwise_app;

CREATE TABLE tabwise.team_provider_modes (
  team_id uuid PRIMARY KEY REFERENCES tabwise.teams ON DELETE CASCADE,
  mode text NOT NULL CHECK (mode IN ('team-only', 'team-and-own')),
  updated_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE tabwise.team_provider_modes ENABLE ROW LEVEL SECURITY;
CREATE POLICY team_provider_modes_read ON tabwise.team_provider_modes FOR SELECT
  USING (team_id = ANY ((SELECT tabwise.caller_team_ids())::uuid[]));
CREATE POLICY team_provider_modes_insert ON tabwise.team_provider_modes FOR INSERT
  WITH CHECK (team_id = ANY ((SELECT tabwise.caller_admin_team_ids())::uuid[]));
CREATE POLICY team_provider_modes_update ON tabwise.team_provider_modes FOR UPDATE
  USING (team_id = ANY ((SELECT tabwise.caller_admin_team_ids())::uuid[]))
  WITH CHECK (team_id = ANY ((SELECT tabwise.caller_admin_team_ids())::uuid[]));
GRANT SELECT, INSERT, UPDATE ON tabwise.team_provider_modes TO tabwise_app;

CREATE TABLE tabwise.member_budgets (
  team_id uuid NOT NULL REFERENCES tabwise.teams ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES tabwise.users ON DELETE CASCADE,
  monthly_limit numeric NOT NULL CHECK (monthly_limit >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, user_id)
);
ALTER TABLE tabwise.member_budgets ENABLE ROW LEVEL SECURITY;
CREATE POLICY member_budgets_read ON tabwise.member_budgets FOR SELECT USING (
  user_id = (SELECT tabwise.caller_id()) OR team_id = ANY ((SELECT tabwise.caller_admin_team_ids())::uuid[])
);
CREATE POLICY member_budgets_write ON tabwise.member_budgets FOR ALL
  USING (team_id = ANY ((SELECT tabwise.caller_admin_team_ids())::uuid[]))
  WITH CHECK (team_id = ANY ((SELECT tabwise.caller_admin_team_ids())::uuid[]));
GRANT SELECT, INSERT, UPDATE, DELETE ON tabwise.member_budgets TO tabwise_app;

CREATE TABLE tabwise.provider_usage (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  team_id uuid NOT NULL REFERENCES tabwise.teams ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES tabwise.users ON DELETE CASCADE,
  provider_id uuid REFERENCES tabwise.team_providers ON DELETE SET NULL,
  model text NOT NULL,
  input_tokens integer NOT NULL CHECK (input_tokens >= 0),
  output_tokens integer NOT NULL CHECK (output_tokens >= 0),
  cached_tokens integer NOT NULL DEFAULT 0 CHECK (cached_tokens >= 0),
  cost numeric NOT NULL CHECK (cost >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX provider_usage_member ON tabwise.provider_usage (team_id, user_id, created_at);
ALTER TABLE tabwise.provider_usage ENABLE ROW LEVEL SECURITY;
CREATE POLICY provider_usage_read ON tabwise.provider_usage FOR SELECT USING (
  user_id = (SELECT tabwise.caller_id()) OR team_id = ANY ((SELECT tabwise.caller_admin_team_ids())::uuid[])
);
CREATE POLICY provider_usage_insert ON tabwise.provider_usage FOR INSERT WITH CHECK (
  user_id = (SELECT tabwise.caller_id()) AND team_id = ANY ((SELECT tabwise.caller_team_ids())::uuid[])
);
GRANT SELECT, INSERT ON tabwise.provider_usage TO tabwise_app;
`,
};
