/**
 * The admin's export as CSV: one row a line, RFC 4180 with CRLF ends, every cell neutralised against formula
 * injection by the same rule as the extension's own Activity export (a cell starting with = + - @, a tab or a
 * carriage return gets a leading apostrophe), since a site or a tool name is chosen by whoever runs the page.
 */
import { csvCell } from '../../agent/activity-export';
import type { AuditExportRow } from './audit-lines';

/** The columns, in order (stable names: a program reading the file keys on them). */
export const AUDIT_CSV_COLUMNS = [
  'time',
  'user_email',
  'user_id',
  'team_id',
  'site',
  'conversation_id',
  'run_id',
  'kind',
  'tool',
  'approval',
  'outcome',
  'id',
  'received_at',
] as const;

const rowOf = (r: AuditExportRow): string[] => [
  new Date(r.at).toISOString(),
  r.userEmail,
  r.userId,
  r.teamId,
  r.site,
  r.conversationId,
  r.runId,
  r.kind,
  r.toolName,
  r.approval,
  r.outcome,
  r.id,
  new Date(r.receivedAt).toISOString(),
];

export function auditToCsv(rows: AuditExportRow[]): string {
  return [[...AUDIT_CSV_COLUMNS], ...rows.map(rowOf)].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
