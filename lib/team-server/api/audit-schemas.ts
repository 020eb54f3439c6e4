/** The audit routes' shapes (zod, and through @hono/zod-openapi their OpenAPI description). */
import { z } from '@hono/zod-openapi';
import { AUDIT_BATCH_MAX, auditLineSchema } from '../../agent/audit-line';

/** A batch is at most this many bytes of JSON (200 lines of the longest fields fit). */
export const AUDIT_BODY_MAX_BYTES = 512 * 1024;
/** Most lines one export answers: a wider range is refused with the count to narrow it by. */
export const AUDIT_EXPORT_MAX = 100_000;

const Id = z.uuid();

export const AuditBatchSchema = z
  .strictObject({
    /** The team the lines go to: one the sender belongs to. */
    teamId: Id,
    lines: z.array(auditLineSchema).min(1).max(AUDIT_BATCH_MAX),
  })
  .openapi('AuditBatch');

export const AuditAckSchema = z
  .object({ acked: z.array(z.string()).openapi({ description: 'Every id of the batch: stored now or before' }) })
  .openapi('AuditAck');

/** A date (`2026-12-01`, from its start in UTC) or a date and time with its offset. */
const When = z
  .string()
  .max(40)
  .refine((s) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(s) && !Number.isNaN(Date.parse(s)), {
    message: 'a date (YYYY-MM-DD) or an ISO date and time',
  });

export const AuditExportQuerySchema = z
  .object({
    from: When,
    to: When,
    format: z.enum(['csv', 'json']).default('json'),
    teamId: Id.optional(),
  })
  .refine((q) => Date.parse(q.from) < Date.parse(q.to), { message: '"from" must be before "to"', path: ['to'] });

export const AuditExportSchema = z
  .object({
    format: z.literal('tabwise-audit'),
    version: z.literal(1),
    from: z.string(),
    to: z.string(),
    exportedAt: z.string(),
    lines: z.array(
      auditLineSchema.extend({ userId: z.string(), userEmail: z.string(), teamId: z.string(), receivedAt: z.number() }),
    ),
  })
  .openapi('AuditExport');
