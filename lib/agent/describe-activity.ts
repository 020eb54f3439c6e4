/**
 * The activity line of one finished consequential call, built from what the gate and the journal already hold:
 * the call's record, its approval (when a card was shown), the gate's verdict and the run. Pure: the recorder
 * (record-activity.ts) stores what this returns. Values written to secret fields are masked here, as the
 * approval card masks them, so they never reach the log.
 */
import type { ShownIdentity } from '../page/shown-identity';
import type { ActionTarget, Tool } from '../tools/define-tool';
import { collapseLabel } from '../tools/collapse-label';
import { isSensitiveLabel, MASK } from '../util/sensitive-label';
import {
  ACTIVITY_TEXT_MAX,
  ACTIVITY_WRITTEN_MAX,
  activityKindOf,
  type ActivityDraft,
  type ActivityOutcome,
  type ActivityWritten,
  type ApprovalMethod,
} from './activity-line';
import type { ApprovalRecord, RunRecord, ToolCallRecord } from './run-journal';
import { resolveSite } from './run-settings';

/** What the gate said of the call: its verdict, how an approval without a card came about, where it landed. */
export interface GateOutcome {
  verdict?: 'approved' | 'denied' | 'cancelled' | 'refused';
  approvedBy?: ApprovalMethod;
  target?: ActionTarget;
}

export interface ActivityFacts {
  tool: Pick<Tool, 'name' | 'readOnly' | 'needsApproval' | 'writtenValues'>;
  /** The parsed arguments (undefined when they did not parse: such a call never ran and is not logged). */
  input: unknown;
  rec: ToolCallRecord;
  run: Pick<RunRecord, 'id' | 'conversationId' | 'settings'>;
  approval?: ApprovalRecord;
  gate: GateOutcome;
  now: number;
}

const clip = (s: string) => collapseLabel(s, ACTIVITY_TEXT_MAX);

/** The line of a finished call, or undefined when nothing consequential happened (read-only, never ran, invalid). */
export function describeActivity(f: ActivityFacts): ActivityDraft | undefined {
  if (f.tool.readOnly || f.input === undefined) return undefined;
  const outcome = outcomeOf(f);
  if (!outcome) return undefined;
  const target = f.gate.target;
  const shown = target?.shown ?? f.approval?.shown;
  const site = target?.origin ?? f.approval?.site ?? resolveSite(f.run.settings) ?? '';
  const destination = f.approval?.destination ?? target?.destination ?? urlOf(f.input);
  const acted = targetOf(shown);
  // A refused call wrote nothing, and was refused before a card named its fields: a value the model aimed at a
  // password field the gate stopped (its label unknown here) must not land in the log either.
  const written = outcome.outcome === 'refused' ? [] : writtenOf(f.tool, f.input, shown);
  const reason = outcome.reason;
  return {
    id: `${f.run.id}:${f.rec.toolCallId}`,
    at: f.rec.finishedAt ?? f.now,
    kind: activityKindOf(f.tool.name),
    toolName: f.tool.name,
    site,
    conversationId: f.run.conversationId,
    runId: f.run.id,
    approval: methodOf(f),
    outcome: outcome.outcome,
    ...(reason ? { reason: clip(reason) } : {}),
    ...(acted ? { target: acted } : {}),
    ...(destination ? { destination: clip(destination) } : {}),
    ...(written.length ? { written } : {}),
  };
}

function outcomeOf(f: ActivityFacts): { outcome: ActivityOutcome; reason?: string } | undefined {
  const error = f.rec.result && 'error' in f.rec.result ? f.rec.result.error : undefined;
  if (f.gate.verdict === 'refused') return { outcome: 'refused', ...(error ? { reason: error } : {}) };
  switch (f.rec.outcome) {
    case 'ok':
      return { outcome: 'done' };
    case 'denied':
      return { outcome: 'denied' };
    case 'unknown':
      return { outcome: 'unknown', ...(error ? { reason: error } : {}) };
    // The access gate (read only, no access to the site) refused it before anything was asked or run.
    case 'read-only':
    case 'no-access':
    case 'org-read-only':
    case 'org-no-access':
      return { outcome: 'refused', ...(error ? { reason: error } : {}) };
    // Stopped before it began: nothing happened. Stopped while it ran: it may have.
    case 'stopped':
      return f.rec.startedAt === undefined ? undefined : { outcome: 'unknown', ...(error ? { reason: error } : {}) };
    case 'error':
    case 'timeout':
    case 'page-gone':
      return { outcome: 'failed', ...(error ? { reason: error } : {}) };
    default:
      // invalid arguments, an unknown tool: refused by validation before any gate, nothing to log.
      return undefined;
  }
}

function methodOf(f: ActivityFacts): ApprovalMethod {
  if (!f.tool.needsApproval) return 'not_needed';
  if (f.approval && f.approval.status !== 'pending' && f.approval.status !== 'cancelled') return 'card';
  const by = f.gate.approvedBy ?? f.rec.approvedBy ?? 'not_needed';
  // An MCP tool set to Allow in Settings runs without its card: the user's standing policy approved it.
  return by === 'not_needed' && activityKindOf(f.tool.name) === 'mcp_call' ? 'policy' : by;
}

/** The elements (not fields: those are under `written`) the card named, one line. */
function targetOf(shown: ShownIdentity[] | undefined): string | undefined {
  const named = (shown ?? []).filter((s) => s.kind !== 'field');
  if (!named.length) return undefined;
  return clip(named.map((s) => (s.name ? `${s.role} "${s.name}"` : s.role || s.ref)).join(', '));
}

const urlOf = (input: unknown) =>
  typeof input === 'object' && input !== null && 'url' in input && typeof input.url === 'string'
    ? input.url
    : undefined;

/** The values the call wrote (the tool's own list, else its arguments), labelled as the card showed them, secrets masked. */
function writtenOf(tool: ActivityFacts['tool'], input: unknown, shown: ShownIdentity[] | undefined): ActivityWritten[] {
  // A navigation's address is its destination; its value list is the address split for the egress check.
  if (urlOf(input) !== undefined) return [];
  const raw =
    tool.name === 'fill_password'
      ? [{ field: String((input as { ref?: unknown }).ref ?? ''), value: '' }]
      : tool.writtenValues
        ? tool.writtenValues(input)
        : typeof input === 'object' && input !== null
          ? Object.entries(input).map(([field, v]) => ({
              field,
              value: typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
            }))
          : [];
  return raw.slice(0, ACTIVITY_WRITTEN_MAX).map(({ field, value }) => {
    const label = shown?.find((s) => s.ref === field)?.name;
    const secret = tool.name === 'fill_password' || isSensitiveLabel(label ?? '', field, '');
    const shownAs = label && label !== field ? `${label} (${field})` : field;
    return { field: clip(shownAs), value: secret ? MASK : clip(value) };
  });
}
