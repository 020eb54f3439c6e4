/**
 * The audit log (issue 27, "Activity"): members send their activity lines in batches, stored once by id and
 * acknowledged; the admins of a team export the team's lines for a range, as CSV or JSON. Lines carry no page or
 * model text (agent/audit-line.ts), and a member can neither export nor read anyone's lines but their own.
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { auditToCsv } from '../audit/audit-csv';
import { readAuditLines, storeAuditLines } from '../audit/audit-lines';
import { withCaller } from '../db/with-caller';
import type { Queryable } from '../db/database';
import { apiError } from './api-error';
import {
  AUDIT_BODY_MAX_BYTES,
  AUDIT_EXPORT_MAX,
  AuditAckSchema,
  AuditBatchSchema,
  AuditExportQuerySchema,
  AuditExportSchema,
} from './audit-schemas';
import { ErrorSchema } from './schemas';
import type { ApiEnv, ServerContext } from './server-context';

const json = <T>(schema: T, description: string) => ({ content: { 'application/json': { schema } }, description });
const security = [{ bearer: [] }];

const upload = createRoute({
  method: 'post',
  path: '/v1/audit',
  security,
  summary: 'Send your activity lines (a line sent again is stored once); the reply acknowledges every id',
  request: { body: { content: { 'application/json': { schema: AuditBatchSchema } }, required: true } },
  responses: {
    200: json(AuditAckSchema, 'Stored'),
    400: json(ErrorSchema, 'Invalid batch'),
    401: json(ErrorSchema, 'No valid token'),
    403: json(ErrorSchema, 'Not a member of that team'),
    413: json(ErrorSchema, 'Batch too large'),
  },
});

const exportLines = createRoute({
  method: 'get',
  path: '/v1/audit/export',
  security,
  summary: 'The audit lines of the teams you administer, for a range (admins), as CSV or JSON',
  request: { query: AuditExportQuerySchema },
  responses: {
    200: {
      content: { 'application/json': { schema: AuditExportSchema }, 'text/csv': { schema: { type: 'string' } } },
      description: 'The lines, oldest first',
    },
    400: json(ErrorSchema, 'Invalid range'),
    401: json(ErrorSchema, 'No valid token'),
    403: json(ErrorSchema, 'Not an admin (of that team)'),
    413: json(ErrorSchema, 'Too many lines in the range'),
  },
});

/** Whether the caller administers `teamId` (any team when absent). */
async function administers(tx: Queryable, teamId: string | undefined): Promise<boolean> {
  const { rows } = await tx.query<{ ok: boolean }>(
    `SELECT CASE WHEN $1::uuid IS NULL THEN cardinality(tabwise.caller_admin_team_ids()) > 0
                 ELSE $1::uuid = ANY (tabwise.caller_admin_team_ids()) END AS ok`,
    [teamId ?? null],
  );
  return rows[0]!.ok;
}

const dayStart = (s: string) => new Date(/T/.test(s) ? s : `${s}T00:00:00Z`);

export function addAuditRoutes(app: OpenAPIHono<ApiEnv>, ctx: ServerContext) {
  const pool = ctx.db.pool;
  app.use(
    '/v1/audit',
    bodyLimit({
      maxSize: AUDIT_BODY_MAX_BYTES,
      onError: (c) => apiError(c, 413, 'payload_too_large', `a batch is at most ${AUDIT_BODY_MAX_BYTES} bytes`),
    }),
  );
  app.openapi(upload, async (c) => {
    const { teamId, lines } = c.req.valid('json');
    const caller = c.get('caller');
    const acked = await withCaller(pool, caller, (tx) => storeAuditLines(tx, caller.userId, teamId, lines));
    return c.json({ acked }, 200);
  });
  app.openapi(exportLines, async (c) => {
    const q = c.req.valid('query');
    const from = dayStart(q.from);
    const to = dayStart(q.to);
    const read = await withCaller(pool, c.get('caller'), async (tx) =>
      (await administers(tx, q.teamId))
        ? readAuditLines(tx, { from, to, ...(q.teamId ? { teamId: q.teamId } : {}), limit: AUDIT_EXPORT_MAX + 1 })
        : undefined,
    );
    if (!read) return apiError(c, 403, 'forbidden', 'the audit export is for the admins of a team');
    if (read.length > AUDIT_EXPORT_MAX)
      return apiError(c, 413, 'payload_too_large', `more than ${AUDIT_EXPORT_MAX} lines: choose a shorter range`);
    const stamp = `${from.toISOString().slice(0, 10)}-${to.toISOString().slice(0, 10)}`;
    if (q.format === 'csv') {
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="tabwise-audit-${stamp}.csv"`);
      return c.body(auditToCsv(read), 200);
    }
    c.header('Content-Disposition', `attachment; filename="tabwise-audit-${stamp}.json"`);
    return c.json(
      {
        format: 'tabwise-audit' as const,
        version: 1 as const,
        from: from.toISOString(),
        to: to.toISOString(),
        exportedAt: new Date().toISOString(),
        lines: read,
      },
      200,
    );
  });
}
