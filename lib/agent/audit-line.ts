/**
 * An activity line as it goes to a team server's audit table (issue 27, "Activity"): what the local line says
 * about when, where and how, and nothing of the page or the model (no target, destination, values written,
 * reason or conversation title). Admins read these lines; they never read conversations.
 */
import { z } from 'zod';
import { ACTIVITY_KINDS, ACTIVITY_OUTCOMES, APPROVAL_METHODS, type ActivityLine } from './activity-line';

/** Most lines in one upload; the server refuses more. */
export const AUDIT_BATCH_MAX = 200;

export const auditLineSchema = z.strictObject({
  /** The local line's id (`<runId>:<toolCallId>`): the server stores a line once by it. */
  id: z.string().min(1).max(500),
  at: z.number().int().nonnegative().max(8.64e15),
  kind: z.enum(ACTIVITY_KINDS),
  toolName: z.string().min(1).max(200),
  site: z.string().max(500),
  conversationId: z.string().max(500),
  runId: z.string().max(500),
  approval: z.enum(APPROVAL_METHODS),
  outcome: z.enum(ACTIVITY_OUTCOMES),
});
export type AuditLine = z.infer<typeof auditLineSchema>;

/** The wire shape of `line`: its fields named one by one, so a field added to the local line never leaks. */
export const toAuditLine = (line: ActivityLine): AuditLine => ({
  id: line.id,
  at: Math.round(line.at),
  kind: line.kind,
  toolName: line.toolName,
  site: line.site,
  conversationId: line.conversationId,
  runId: line.runId,
  approval: line.approval,
  outcome: line.outcome,
});
