/**
 * Migration 9: the audit table (issue 27, "Activity"). A line is what the extension's local Activity line holds
 * without any page or model text: when, the site acted on, the conversation's and the run's ids, what kind of thing
 * was done with which tool, how it was approved and how it ended. Admins see these lines, never conversations.
 *   - A line is the member's: they insert it (into a team they belong to) and read their own; the team's admins read
 *     the team's. Nobody updates a line, and the application role deletes none: only the retention function, run by
 *     the server as the schema's owner, drops lines older than the retention allows.
 *   - The key is (user, the line's own id): a line sent twice is stored once, and one member's ids can never
 *     collide with, or shadow, another's.
 */
export const migration009 = {
  version: 9,
  name: 'audit-lines',
  sql: /* sql */ `
CREATE TABLE tabwise.audit_lines (
  user_id uuid NOT NULL REFERENCES tabwise.users ON DELETE CASCADE,
  id text NOT NULL CHECK (length(id) BETWEEN 1 AND 500),
  team_id uuid NOT NULL REFERENCES tabwise.teams ON DELETE CASCADE,
  at timestamptz NOT NULL,
  kind text NOT NULL CHECK (kind IN ('fill', 'click', 'type', 'submit', 'navigate', 'tab', 'memory_saved',
    'memory_forgotten', 'mcp_call', 'team_share', 'other')),
  tool_name text NOT NULL CHECK (length(tool_name) BETWEEN 1 AND 200),
  site text NOT NULL CHECK (length(site) <= 500),
  conversation_id text NOT NULL CHECK (length(conversation_id) <= 500),
  run_id text NOT NULL CHECK (length(run_id) <= 500),
  approval text NOT NULL CHECK (approval IN ('card', 'always', 'policy', 'not_needed')),
  outcome text NOT NULL CHECK (outcome IN ('done', 'failed', 'refused', 'denied', 'unknown')),
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, id)
);
CREATE INDEX audit_lines_team_at ON tabwise.audit_lines (team_id, at);
CREATE INDEX audit_lines_at ON tabwise.audit_lines (at);
ALTER TABLE tabwise.audit_lines ENABLE ROW LEVEL SECURITY;
CREATE POLICY audit_lines_insert ON tabwise.audit_lines FOR INSERT WITH CHECK (
  user_id = (SELECT tabwise.caller_id()) AND team_id = ANY ((SELECT tabwise.caller_team_ids())::uuid[])
);
CREATE POLICY audit_lines_read ON tabwise.audit_lines FOR SELECT USING (
  user_id = (SELECT tabwise.caller_id()) OR team_id = ANY ((SELECT tabwise.caller_admin_team_ids())::uuid[])
);
-- No UPDATE or DELETE grant (and no policy for them): a line, once taken, stays as it was until retention drops it.
GRANT SELECT, INSERT ON tabwise.audit_lines TO tabwise_app;

-- Retention: run as the schema's owner (not granted to the application role); answers how many lines went.
CREATE FUNCTION tabwise.prune_audit_lines(keep_days int) RETURNS bigint LANGUAGE sql VOLATILE SECURITY DEFINER
  SET search_path = tabwise, pg_temp AS $$
  WITH gone AS (DELETE FROM tabwise.audit_lines WHERE at < now() - make_interval(days => keep_days) RETURNING 1)
  SELECT count(*) FROM gone
$$;
REVOKE ALL ON FUNCTION tabwise.prune_audit_lines(int) FROM PUBLIC;
`,
};
