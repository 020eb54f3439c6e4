/**
 * The audit table's queries (migration 009): a member's batch stored once by each line's id, the lines an admin
 * exports for a range, and retention. Every read and write runs as the caller (row-level security decides);
 * retention alone runs as the schema's owner.
 */
import type pg from 'pg';
import type { AuditLine } from '../../agent/audit-line';
import type { Queryable } from '../db/database';
import { withOwner } from '../db/with-caller';

/** Kept this long unless the server is configured otherwise (TEAM_SERVER_AUDIT_RETENTION_DAYS). */
export const DEFAULT_AUDIT_RETENTION_DAYS = 90;

/**
 * Stores the caller's `lines` into `teamId`; a line already stored (same caller, same id) is left as it was.
 * Resolves every id of the batch (stored now or before): what the extension may drop from its outbox. A team
 * the caller is not in is refused by the database (42501).
 */
export async function storeAuditLines(
  tx: Queryable,
  userId: string,
  teamId: string,
  lines: AuditLine[],
): Promise<string[]> {
  const unique = [...new Map(lines.map((l) => [l.id, l])).values()];
  if (!unique.length) return [];
  const col = <K extends keyof AuditLine>(k: K) => unique.map((l) => l[k]);
  await tx.query(
    `INSERT INTO audit_lines (user_id, team_id, id, at, kind, tool_name, site, conversation_id, run_id, approval,
                              outcome)
     SELECT $1, $2, x.id, to_timestamp(x.at / 1000.0), x.kind, x.tool, x.site, x.conv, x.run, x.approval, x.outcome
       FROM unnest($3::text[], $4::float8[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[],
                   $11::text[]) AS x(id, at, kind, tool, site, conv, run, approval, outcome)
     ON CONFLICT (user_id, id) DO NOTHING`,
    [
      userId,
      teamId,
      col('id'),
      col('at'),
      col('kind'),
      col('toolName'),
      col('site'),
      col('conversationId'),
      col('runId'),
      col('approval'),
      col('outcome'),
    ],
  );
  return unique.map((l) => l.id);
}

/** One exported line: the wire line with who sent it, into which team, and when the server took it. */
export interface AuditExportRow extends AuditLine {
  userId: string;
  userEmail: string;
  teamId: string;
  receivedAt: number;
}

export interface AuditRange {
  from: Date;
  to: Date;
  /** Only this team (one the caller administers); absent: every team they administer. */
  teamId?: string;
  /** Most rows read: one more than an export allows, so the route can tell the range was too wide. */
  limit: number;
}

/**
 * The lines of the teams the caller administers, `from` ≤ at < `to`, oldest first. The filter on administered
 * teams is the export's rule (an admin's own lines in another team are not that team's export); the policies
 * would still hide everything else if it were forgotten.
 */
export async function readAuditLines(tx: Queryable, range: AuditRange): Promise<AuditExportRow[]> {
  const { rows } = await tx.query<{
    id: string;
    at: string;
    kind: AuditLine['kind'];
    tool_name: string;
    site: string;
    conversation_id: string;
    run_id: string;
    approval: AuditLine['approval'];
    outcome: AuditLine['outcome'];
    user_id: string;
    email: string | null;
    team_id: string;
    received_at: string;
  }>(
    `SELECT a.id, (extract(epoch FROM a.at) * 1000)::float8 AS at, a.kind, a.tool_name, a.site, a.conversation_id,
            a.run_id, a.approval, a.outcome, a.user_id, u.email, a.team_id,
            (extract(epoch FROM a.received_at) * 1000)::float8 AS received_at
       FROM audit_lines a LEFT JOIN users u ON u.id = a.user_id
      WHERE a.team_id = ANY ((SELECT tabwise.caller_admin_team_ids())::uuid[])
        AND ($3::uuid IS NULL OR a.team_id = $3)
        AND a.at >= $1 AND a.at < $2
      ORDER BY a.at, a.user_id, a.id
      LIMIT $4`,
    [range.from, range.to, range.teamId ?? null, range.limit],
  );
  return rows.map((r) => ({
    id: r.id,
    at: Math.round(Number(r.at)),
    kind: r.kind,
    toolName: r.tool_name,
    site: r.site,
    conversationId: r.conversation_id,
    runId: r.run_id,
    approval: r.approval,
    outcome: r.outcome,
    userId: r.user_id,
    userEmail: r.email ?? '',
    teamId: r.team_id,
    receivedAt: Math.round(Number(r.received_at)),
  }));
}

/** Drops lines older than `days` (as the schema's owner: the application role deletes none); resolves how many. */
export async function pruneAuditLines(pool: pg.Pool, days: number): Promise<number> {
  return withOwner(pool, async (tx) => {
    const { rows } = await tx.query<{ n: string }>('SELECT tabwise.prune_audit_lines($1) AS n', [days]);
    return Number(rows[0]!.n);
  });
}
