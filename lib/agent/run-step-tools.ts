/**
 * Runs a step's tool calls, each journaled pending → running → done, so a restarted worker knows exactly
 * which calls happened. Background tools run in parallel; page tools run one after another in call order,
 * so each acts on the page the one before left (and on the snapshot its approval was computed from).
 * Results stay in call order because each record keeps its position.
 */
import type { ActionTarget, ReadSource, Tool, ToolContext } from '../tools/define-tool';
import { ToolError } from '../tools/tool-error';
import { abortable } from './abortable';
import { siteKey } from '../tools/site-policy-store';
import { executeToolCall, type ToolRunResult } from './execute-tool-call';
import { formatApprovalPreview } from '../tools/format-approval-preview';
import { parseToolInput } from './build-history';
import type { LiveRun, RuntimeDeps } from './run-context';
import type { ApprovalDecision, ApprovalRecord, StepRecord, ToolCallRecord } from './run-journal';
import { resolveSite } from './run-settings';
import { runDataFlows } from './run-data-flows';
import { changedSinceApproved, identityChange, type ShownIdentity } from '../page/shown-identity';

/** What the model is told about a consequential call that was running when the worker died. */
export const UNKNOWN_OUTCOME =
  'Error: outcome unknown (the browser stopped the worker while it ran); not repeated. ' +
  'Check the page or ask the user before trying again.';

/** Runs (or, after a restart, finishes) every call of `step`. */
export async function runStepTools(live: LiveRun, deps: RuntimeDeps, step: StepRecord): Promise<void> {
  const calls = live.snap.toolCalls.filter((c) => c.step === step.index);
  const tools = activeTools(live, deps);
  const onPage = (c: ToolCallRecord) => tools.find((t) => t.name === c.toolName)?.runsIn === 'page';
  const inOrder = async (page: ToolCallRecord[]) => {
    for (const c of page) await runOne(live, deps, c);
  };
  await Promise.all([...calls.filter((c) => !onPage(c)).map((c) => runOne(live, deps, c)), inOrder(calls.filter(onPage))]);
}

/** The set of tools this run may use. */
export function activeTools(live: LiveRun, deps: RuntimeDeps): Tool[] {
  const names = live.snap.run.settings.toolNames;
  const all = deps.tools.list();
  return names ? all.filter((t) => names.includes(t.name)) : all;
}

async function runOne(live: LiveRun, deps: RuntimeDeps, rec: ToolCallRecord): Promise<void> {
  if (rec.status === 'done' || rec.status === 'unknown') return; // recorded results are never re-run
  const tools = activeTools(live, deps);
  const tool = tools.find((t) => t.name === rec.toolName);
  if (rec.status === 'running' && !tool?.readOnly) {
    return record(live, deps, rec, { result: { error: UNKNOWN_OUTCOME }, isError: true, outcome: 'unknown' }, 'unknown');
  }
  const gate: Gate = {};
  const reads: ReadSource[] = [];
  const context = (signal: AbortSignal): ToolContext => ({
    runId: live.snap.run.id,
    toolCallId: rec.toolCallId,
    signal,
    tabId: live.snap.run.settings.tabId,
    frameId: live.snap.run.settings.frameId,
    site: resolveSite(live.snap.run.settings),
    pageUrl: live.snap.run.settings.pageContext?.url,
    agentPath: live.agentPath,
    delegate: (request) => live.delegate(rec.toolCallId, request, signal),
    now: deps.now,
    reportRead: (source) => void reads.push(source),
    ...(gate.target ? { target: gate.target } : {}),
  });
  const result = await executeToolCall(rec, {
    findTool: () => tool && gated(tool, gate),
    availableNames: () => tools.map((t) => t.name),
    defaultTimeoutMs: deps.defaultToolTimeoutMs,
    runSignal: live.controller.signal,
    approve: (t, input) => approve(live, deps, rec, t, input, context, gate),
    markRunning: async () => {
      rec.status = 'running';
      rec.startedAt = deps.now();
      await deps.journal.write({ toolCalls: [rec] });
    },
    context,
  });
  // Journaled with the result, so the egress check of a later call survives a worker restart. Every output
  // that carries untrusted text counts as read: where the tool did not say where it came from, the page
  // acted on, else the tool itself stands as its source (flagged wherever the text goes).
  if (!reads.length && tool?.untrustedOutput && result.outcome !== 'denied') reads.push({ origin: gate.target?.origin ?? `tool:${rec.toolName}` });
  if (reads.length) rec.reads = reads;
  await record(live, deps, rec, result, 'done');
}

async function record(live: LiveRun, deps: RuntimeDeps, rec: ToolCallRecord, r: ToolRunResult, status: 'done' | 'unknown') {
  if (deps.isDead()) return;
  Object.assign(rec, { status, result: r.result, isError: r.isError, outcome: r.outcome, finishedAt: deps.now() });
  await deps.journal.write({ toolCalls: [rec] });
  const durationMs = rec.startedAt === undefined ? 0 : rec.finishedAt! - rec.startedAt;
  live.emit({ type: 'tool-call-finish', runId: rec.runId, toolCallId: rec.toolCallId, result: r.result, isError: r.isError, durationMs, ...(r.outcome === 'denied' ? { denied: true as const } : {}) });
}

/**
 * What approval decided about where a call lands: the target the user approved (passed to execute), or why
 * the call is refused without running (the page changed, or could not be located).
 */
interface Gate {
  target?: ActionTarget;
  refusal?: unknown;
}

/** The tool as executed under its gate: a refused call throws its refusal instead of touching anything. */
function gated(tool: Tool, gate: Gate): Tool {
  if (!tool.locate) return tool;
  return {
    ...tool,
    execute: (input, ctx) => {
      if (gate.refusal !== undefined) throw gate.refusal;
      return tool.execute(input, ctx);
    },
  };
}

/** Where the call would land now; a failure is the refusal the model reads. */
async function locate(
  tool: Tool, input: unknown, context: (signal: AbortSignal) => ToolContext, signal: AbortSignal, timeoutMs: number,
): Promise<{ target?: ActionTarget } | { refusal: unknown }> {
  if (!tool.locate) return {};
  try {
    // Bounded like the call itself: locating may have to load the page agent into the tab first.
    const bounded = AbortSignal.any([signal, AbortSignal.timeout(tool.timeoutMs ?? timeoutMs)]);
    const target = await abortable(Promise.resolve().then(() => tool.locate!(input, context(bounded))), bounded);
    return target ? { target } : {};
  } catch (error) {
    if (signal.aborted) throw error;
    return { refusal: error instanceof ToolError ? error : new ToolError(`Error: could not tell where ${tool.name} would act (${error instanceof Error ? error.message : String(error)}); nothing was done.`) };
  }
}

/** Whether two targets are the same document, snapshot and origin. */
const sameTarget = (a: ActionTarget, b: ActionTarget | undefined) =>
  !!b && a.origin === b.origin && a.documentId === b.documentId && a.snapshotId === b.snapshotId;

/** How the elements a call names differ from what its card showed (each named element as the page answers it now). */
const shownChanges = (shown: ShownIdentity[] | undefined, now: ShownIdentity[] | undefined) =>
  (shown ?? []).flatMap((s) => identityChange(s, now?.find((n) => n.kind === s.kind && n.ref === s.ref)) ?? []);

/** What the model reads when the page changed between the approval and the action. */
export const CHANGED_SINCE_APPROVAL =
  'Refused: the page changed after this call was approved (another document, origin or form snapshot), so nothing was done. ' +
  'Call get_form_state again; the user will be asked again.';

/**
 * Asks the user (or the per-origin policy, keyed on the origin the call lands on). The pending approval is
 * journaled before it is shown, so a restarted worker re-shows the same prompt, and a decision that arrived
 * meanwhile is honoured, but only if the call still lands where the user approved it.
 */
async function approve(
  live: LiveRun, deps: RuntimeDeps, rec: ToolCallRecord, tool: Tool, input: unknown, context: (signal: AbortSignal) => ToolContext, gate: Gate,
): Promise<ApprovalDecision | 'cancelled'> {
  const runId = live.snap.run.id;
  const signal = live.controller.signal;
  let a = live.snap.approvals.find((x) => x.toolCallId === rec.toolCallId);
  const refuse = (refusal: unknown): 'approved' => {
    // The gate throws this in place of the call: the user's decision stands, but nothing acts on the page.
    gate.refusal = refusal;
    return 'approved';
  };
  if (!a) {
    const located = await locate(tool, input, context, signal, deps.defaultToolTimeoutMs);
    if (signal.aborted) return 'cancelled';
    if ('refusal' in located) return refuse(located.refusal);
    gate.target = located.target;
    const site = located.target?.origin ?? resolveSite(live.snap.run.settings);
    // Text read on another origin is never written without a card saying so, "always allow" or not.
    const dataFlows = await runDataFlows(tool, input, site, { runId, conversationId: live.snap.run.conversationId, calls: live.snap.toolCalls, settings: live.snap.run.settings, journal: deps.journal });
    if (!tool.alwaysAsk && !dataFlows.length && (await deps.sitePolicies.isAllowed(siteKey(site), tool.name))) return 'approved';
    // Asked once a run per site (fetch_url): an earlier approval of this tool on this site in this run holds.
    if (tool.askOncePerRun && !dataFlows.length && live.snap.approvals.some((x) => x.toolName === tool.name && x.site === site && (x.status === 'approved' || x.status === 'always'))) return 'approved';
    // A call its tool says needs no asking (navigate to an origin already in the run), unless data crosses origins.
    if (tool.asksFor && !dataFlows.length && !(await tool.asksFor(input, context(signal)))) return 'approved';
    const preview = await previewOf(tool, input, context, signal, deps);
    if (signal.aborted) return 'cancelled';
    a = {
      runId, toolCallId: rec.toolCallId, toolName: tool.name, input: parseToolInput(rec.rawInput).ok ? input : rec.rawInput, preview, site,
      ...(located.target?.documentId ? { documentId: located.target.documentId } : {}),
      ...(located.target?.snapshotId ? { snapshotId: located.target.snapshotId } : {}),
      ...(located.target?.shown ? { shown: located.target.shown } : {}),
      ...(located.target?.destination ? { destination: located.target.destination } : {}),
      ...(dataFlows.length ? { dataFlows } : {}),
      canAlwaysAllow: !tool.alwaysAsk, status: 'pending', requestedAt: deps.now(),
    };
    live.snap.approvals.push(a);
    await deps.journal.write({ approvals: [a] });
  }
  if (a.status === 'cancelled') return 'cancelled';
  let decision: ApprovalDecision;
  if (a.status !== 'pending') {
    decision = a.status;
  } else {
    live.emit({ type: 'approval-requested', runId, toolCallId: a.toolCallId, toolName: a.toolName, input: a.input, preview: a.preview, canAlwaysAllow: a.canAlwaysAllow ?? !tool.alwaysAsk, ...(a.site ? { origin: a.site } : {}), ...(a.dataFlows?.length ? { dataFlows: a.dataFlows } : {}), ...(a.destination ? { destination: a.destination } : {}) });
    try {
      decision = await deps.waiters.wait(runId, a.toolCallId, signal);
    } catch (reason) {
      if (!signal.aborted) throw reason;
      if (!deps.isDead()) await resolveApproval(deps, a, 'cancelled');
      return 'cancelled';
    }
    await resolveApproval(deps, a, decision);
    // A tool that must be asked every time takes "always" as a one-off approval.
    if (decision === 'always' && !tool.alwaysAsk) await deps.sitePolicies.allow(siteKey(a.site), tool.name);
  }
  live.emit({ type: 'approval-resolved', runId, toolCallId: a.toolCallId, decision });
  if (decision === 'denied' || !tool.locate || !a.site) return decision;
  // The user approved a call on one document; it runs only if it still lands there.
  const approved: ActionTarget = {
    origin: a.site, ...(a.documentId ? { documentId: a.documentId } : {}), ...(a.snapshotId ? { snapshotId: a.snapshotId } : {}),
    // What the card showed travels with the call: the page checks it again at the moment of acting.
    ...(a.shown ? { shown: a.shown } : {}), ...(a.destination ? { destination: a.destination } : {}),
  };
  gate.target = undefined; // located afresh, not through what was approved
  const now = await locate(tool, input, context, signal, deps.defaultToolTimeoutMs);
  if (signal.aborted) return 'cancelled';
  if ('refusal' in now) return refuse(now.refusal);
  // A tool that could not say where it acts (no page document) is held to the run's page, as before.
  if (!now.target && !a.documentId && !a.snapshotId) return decision;
  if (!sameTarget(approved, now.target)) return refuse(new ToolError(CHANGED_SINCE_APPROVAL));
  const changed = shownChanges(approved.shown, now.target?.shown);
  if (changed.length) return refuse(new ToolError(changedSinceApproved(changed)));
  gate.target = approved;
  return decision;
}

/** How long a tool's own preview may take (it may ask the page) before the generic one is shown. */
export const PREVIEW_TIMEOUT_MS = 3000;

/** The tool's own preview, else (when it has none, fails or is slow) the generic one: approval must never hang on it. */
async function previewOf(tool: Tool, input: unknown, context: (signal: AbortSignal) => ToolContext, runSignal: AbortSignal, deps: RuntimeDeps): Promise<string> {
  const fallback = () => formatApprovalPreview(tool.name, input);
  if (!tool.preview) return fallback();
  const signal = AbortSignal.any([runSignal, AbortSignal.timeout(PREVIEW_TIMEOUT_MS)]);
  try {
    return await abortable(Promise.resolve().then(() => tool.preview!(input, context(signal))), signal);
  } catch (error) {
    // A preview is a courtesy: the user still decides, on the generic summary of the same arguments.
    deps.reportInternalError(error);
    return fallback();
  }
}

async function resolveApproval(deps: RuntimeDeps, a: ApprovalRecord, status: ApprovalRecord['status']) {
  a.status = status;
  a.resolvedAt = deps.now();
  await deps.journal.write({ approvals: [a] });
}
