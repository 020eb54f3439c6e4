/**
 * Refuses to serve on a database where row-level security could not hold: checked at every start, after the
 * migrations, so a hand-made change (a grant of BYPASSRLS, a policy switched off) stops the server.
 */
import type { Queryable } from './database';
import { APP_ROLE } from './with-caller';

/** Tables with user data: each must have row-level security on. */
export const GUARDED_TABLES = [
  'users',
  'teams',
  'members',
  'access_tokens',
  'documents',
  'chunks',
  'models',
  'search_traces',
  'invitations',
  'rate_buckets',
  'events',
  'model_state',
  'identities',
  'oidc_flows',
  'audit_lines',
  'document_views',
  // 008: team providers
  'team_providers',
  'team_provider_modes',
  'member_budgets',
  'provider_usage',
];

/** What is wrong, one line each; empty when isolation holds. */
export async function findIsolationProblems(db: Queryable): Promise<string[]> {
  const problems: string[] = [];
  const role = await db.query<{ rolsuper: boolean; rolbypassrls: boolean }>(
    'SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = $1',
    [APP_ROLE],
  );
  const r = role.rows[0];
  if (!r) problems.push(`role ${APP_ROLE} does not exist`);
  else {
    if (r.rolsuper) problems.push(`role ${APP_ROLE} is a superuser`);
    if (r.rolbypassrls) problems.push(`role ${APP_ROLE} has BYPASSRLS`);
  }
  const tables = await db.query<{ relname: string; relrowsecurity: boolean; owner: string }>(
    `SELECT c.relname, c.relrowsecurity, pg_get_userbyid(c.relowner) AS owner
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'tabwise' AND c.relkind IN ('r', 'p')`,
  );
  for (const name of GUARDED_TABLES) {
    const t = tables.rows.find((row) => row.relname === name);
    if (!t) problems.push(`table tabwise.${name} is missing`);
    else if (!t.relrowsecurity) problems.push(`table tabwise.${name} has row-level security off`);
  }
  for (const t of tables.rows) if (t.owner === APP_ROLE) problems.push(`${APP_ROLE} owns tabwise.${t.relname}`);
  return problems;
}
