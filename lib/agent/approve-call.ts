/**
 * The approval gate of one consequential call. It returns a verdict and nothing else: run it (on the target
 * the user approved), denied, cancelled (the run stopped while it waited), or refused with a reason the model
 * reads (it could not be located, or the page changed since the card). Asked by the user or by the per-origin
 * policy, keyed on the origin the call lands on; the pending approval is journaled before it is shown, so a
 * restarted worker shows the same card, and a decision that arrived meanwhile is honoured only if the call
 * still lands where the user approved it.
 */
import { changedSinceApproved, identityChange, type ShownIdentity } from '../page/shown-identity';
import type { ActionTarget, Tool, ToolContext } from '../tools/define-tool';
import { formatApprovalPreview } from '../tools/format-approval-preview';
import { grantSiteKey } from './schedule-grants';
import { ToolError } from '../tools/tool-error';
import { abortable } from './abortable';
import { parseToolInput } from './build-history';
import type { ApprovalVerdict } from './execute-tool-call';
import type { LiveRun, RuntimeDeps } from './run-context';
import { runDataFlows } from './run-data-flows';
import type { ApprovalDecision, ApprovalRecord, ToolCallRecord } from './run-journal';
import { resolveSite } from './run-settings';
import { checkAccess } from './site-access';
import { callPolicyOf } from './call-policy';

/** A tool context for the call, with the target it lands on (as located, or as approved). */
export type CallContext = (signal: AbortSignal, target?: ActionTarget) => ToolContext;

/** What the model reads when the page changed between the approval and the action. */
export const CHANGED_SINCE_APPROVAL =
  'Refused: the page changed after this call was approved (another document, origin or form snapshot), so nothing was done. ' +
  'Call get_form_state again; the user will be asked again.';

/** How long a tool's own preview may take (it may ask the page) before the generic one is shown. */
export const PREVIEW_TIMEOUT_MS = 3000;

const cancelled: ApprovalVerdict = { verdict: 'cancelled' };
const refused = (refusal: ToolError): ApprovalVerdict => ({ verdict: 'refused', refusal });

/** Where the call would land now, or the refusal the model reads. */
async function locate(
  tool: Tool,
  input: unknown,
  context: CallContext,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<{ target?: ActionTarget } | { refusal: ToolError }> {
  if (!tool.locate) return {};
  try {
    // Bounded like the call itself: locating may have to load the page agent into the tab first.
    const bounded = AbortSignal.any([signal, AbortSignal.timeout(tool.timeoutMs ?? timeoutMs)]);
    const target = await abortable(
      Promise.resolve().then(() => tool.locate!(input, context(bounded))),
      bounded,
    );
    return target ? { target } : {};
  } catch (error) {
    if (signal.aborted) throw error;
    return {
      refusal:
        error instanceof ToolError
          ? error
          : new ToolError(
              `Error: could not tell where ${tool.name} would act (${error instanceof Error ? error.message : String(error)}); nothing was done.`,
            ),
    };
  }
}

/** Whether two targets are the same document, snapshot and origin. */
const sameTarget = (a: ActionTarget, b: ActionTarget | undefined) =>
  !!b && a.origin === b.origin && a.documentId === b.documentId && a.snapshotId === b.snapshotId;

/** How the elements a call names differ from what its card showed (each named element as the page answers it now). */
const shownChanges = (shown: ShownIdentity[] | undefined, now: ShownIdentity[] | undefined) =>
  (shown ?? []).flatMap(
    (s) =>
      identityChange(
        s,
        now?.find((n) => n.kind === s.kind && n.ref === s.ref),
      ) ?? [],
  );

/** The tool's own preview, else (when it has none, fails or is slow) the generic one: approval must never hang on it. */
async function previewOf(
  tool: Tool,
  input: unknown,
  context: (signal: AbortSignal) => ToolContext,
  runSignal: AbortSignal,
  deps: RuntimeDeps,
): Promise<string> {
  const fallback = () => formatApprovalPreview(tool.name, input);
  if (!tool.preview) return fallback();
  const signal = AbortSignal.any([runSignal, AbortSignal.timeout(PREVIEW_TIMEOUT_MS)]);
  try {
    return await abortable(
      Promise.resolve().then(() => tool.preview!(input, context(signal))),
      signal,
    );
  } catch (error) {
    // A preview is a courtesy: the user still decides, on the generic summary of the same arguments.
    deps.reportInternalError(error);
    return fallback();
  }
}

/**
 * Before any card: where the call lands, and whether it must be asked. Text read on another origin is never
 * sent without a card saying so, whatever "always allow", an approval earlier in the run or the tool says.
 * Returns the verdict when no card is needed, else the pending approval to show (journaled).
 */
async function askOrDecide(
  live: LiveRun,
  deps: RuntimeDeps,
  rec: ToolCallRecord,
  tool: Tool,
  input: unknown,
  context: CallContext,
): Promise<ApprovalVerdict | ApprovalRecord> {
  const signal = live.controller.signal;
  const located = await locate(tool, input, context, signal, deps.defaultToolTimeoutMs);
  if (signal.aborted) return cancelled;
  if ('refusal' in located) return refused(located.refusal);
  const { target } = located;
  const run = live.snap.run;
  const site = target?.origin ?? resolveSite(run.settings);
  // The call lands on another site than the run's (checked before any call): that site's access holds too.
  if (target && target.origin !== resolveSite(run.settings)) {
    const refusal = await checkAccess(deps.accessFor, tool, target.origin);
    if (refusal) return refused(refusal);
  }
  const dataFlows = await runDataFlows(tool, input, site, {
    runId: run.id,
    conversationId: run.conversationId,
    calls: live.snap.toolCalls,
    settings: run.settings,
    journal: deps.journal,
  });
  const approved: ApprovalVerdict = { verdict: 'approved', ...(target ? { target } : {}) };
  // Per call for call_page_tool (keyed on the page tool's hash); the tool's name and flags otherwise.
  const policy = await callPolicyOf(tool, input, target);
  if (!dataFlows.length) {
    if (!policy.alwaysAsk && (await deps.sitePolicies.isAllowed(grantSiteKey(run.settings, site), policy.key)))
      return { ...approved, approvedBy: 'always' };
    // Asked once a run per site (fetch_url): an earlier approval of this tool on this site in this run holds.
    if (
      policy.askOncePerRun &&
      live.snap.approvals.some(
        (x) =>
          (x.policyKey ?? x.toolName) === policy.key &&
          x.site === site &&
          (x.status === 'approved' || x.status === 'always'),
      )
    )
      return { ...approved, approvedBy: 'card' };
    // A call its tool says needs no asking (navigate to an origin already in the run).
    if (tool.asksFor && !(await tool.asksFor(input, context(signal, target))))
      return { ...approved, approvedBy: 'not_needed' };
  }
  const preview = await previewOf(tool, input, (s) => context(s, target), signal, deps);
  if (signal.aborted) return cancelled;
  const a: ApprovalRecord = {
    runId: run.id,
    toolCallId: rec.toolCallId,
    toolName: tool.name,
    input: parseToolInput(rec.rawInput).ok ? input : rec.rawInput,
    preview,
    site,
    ...(target?.documentId ? { documentId: target.documentId } : {}),
    ...(target?.snapshotId ? { snapshotId: target.snapshotId } : {}),
    ...(target?.shown ? { shown: target.shown } : {}),
    ...(target?.destination ? { destination: target.destination } : {}),
    ...(dataFlows.length ? { dataFlows } : {}),
    ...(policy.key !== tool.name ? { policyKey: policy.key } : {}),
    // A card that carries read text elsewhere is asked every time: "Always allow" is not offered on it, nor
    // while the organisation's policy turns it off.
    canAlwaysAllow: !policy.alwaysAsk && !dataFlows.length && (await deps.sitePolicies.offersAlways?.()) !== false,
    status: 'pending',
    requestedAt: deps.now(),
  };
  live.snap.approvals.push(a);
  await deps.journal.write({ approvals: [a] });
  return a;
}

async function resolveApproval(deps: RuntimeDeps, a: ApprovalRecord, status: ApprovalRecord['status']) {
  a.status = status;
  a.resolvedAt = deps.now();
  await deps.journal.write({ approvals: [a] });
}

/** The user's decision on the card (shown now, or already taken while the worker was away); undefined: cancelled. */
async function decisionOn(
  live: LiveRun,
  deps: RuntimeDeps,
  tool: Tool,
  a: ApprovalRecord,
): Promise<ApprovalDecision | undefined> {
  if (a.status === 'cancelled') return undefined;
  if (a.status !== 'pending') return a.status;
  const { runId } = a;
  live.emit({
    type: 'approval-requested',
    runId,
    toolCallId: a.toolCallId,
    toolName: a.toolName,
    input: a.input,
    preview: a.preview,
    canAlwaysAllow: a.canAlwaysAllow ?? !tool.alwaysAsk,
    ...(a.site ? { origin: a.site } : {}),
    ...(a.dataFlows?.length ? { dataFlows: a.dataFlows } : {}),
    ...(a.destination ? { destination: a.destination } : {}),
  });
  let decision: ApprovalDecision;
  try {
    decision = await deps.waiters.wait(runId, a.toolCallId, live.controller.signal);
  } catch (reason) {
    if (!live.controller.signal.aborted) throw reason;
    if (!deps.isDead()) await resolveApproval(deps, a, 'cancelled');
    return undefined;
  }
  await resolveApproval(deps, a, decision);
  // A tool that must be asked every time takes "always" as a one-off approval.
  if (decision === 'always' && (a.canAlwaysAllow ?? !tool.alwaysAsk) && !a.dataFlows?.length)
    await deps.sitePolicies.allow(grantSiteKey(live.snap.run.settings, a.site), a.policyKey ?? tool.name);
  return decision;
}

/** The user approved a call on one document: it runs only if it still lands there, on the elements the card showed. */
async function stillWhereApproved(
  live: LiveRun,
  deps: RuntimeDeps,
  tool: Tool,
  input: unknown,
  context: CallContext,
  a: ApprovalRecord,
): Promise<ApprovalVerdict> {
  const approved: ActionTarget = {
    origin: a.site!,
    ...(a.documentId ? { documentId: a.documentId } : {}),
    ...(a.snapshotId ? { snapshotId: a.snapshotId } : {}),
    // What the card showed travels with the call: the page checks it again at the moment of acting.
    ...(a.shown ? { shown: a.shown } : {}),
    ...(a.destination ? { destination: a.destination } : {}),
  };
  // Located afresh, not through what was approved.
  const now = await locate(tool, input, context, live.controller.signal, deps.defaultToolTimeoutMs);
  if (live.controller.signal.aborted) return cancelled;
  if ('refusal' in now) return refused(now.refusal);
  // A tool that could not say where it acts (no page document) is held to the run's page, as before.
  if (!now.target && !a.documentId && !a.snapshotId) return { verdict: 'approved' };
  if (!sameTarget(approved, now.target)) return refused(new ToolError(CHANGED_SINCE_APPROVAL));
  const changed = shownChanges(approved.shown, now.target?.shown);
  if (changed.length) return refused(new ToolError(changedSinceApproved(changed)));
  return { verdict: 'approved', target: approved };
}

/** The gate's verdict on `rec`'s call of `tool` with `input`. */
export async function approveCall(
  live: LiveRun,
  deps: RuntimeDeps,
  rec: ToolCallRecord,
  tool: Tool,
  input: unknown,
  context: CallContext,
): Promise<ApprovalVerdict> {
  let a = live.snap.approvals.find((x) => x.toolCallId === rec.toolCallId);
  if (!a) {
    const asked = await askOrDecide(live, deps, rec, tool, input, context);
    if ('verdict' in asked) return asked;
    a = asked;
  }
  const decision = await decisionOn(live, deps, tool, a);
  if (!decision) return cancelled;
  live.emit({ type: 'approval-resolved', runId: a.runId, toolCallId: a.toolCallId, decision });
  if (decision === 'denied') return { verdict: 'denied' };
  // Read only turned on (or access narrowed) while the card waited: the approval no longer lets it run.
  const narrowed = await checkAccess(deps.accessFor, tool, a.site);
  if (narrowed) return refused(narrowed);
  if (!tool.locate || !a.site) return { verdict: 'approved' };
  return stillWhereApproved(live, deps, tool, input, context, a);
}
