/**
 * Runs a step's tool calls in parallel, each journaled pending → running → done, so a restarted worker knows
 * exactly which calls happened. Results stay in call order because each record keeps its position.
 */
import type { Tool, ToolContext } from '../tools/define-tool';
import { abortable } from './abortable';
import { siteKey } from '../tools/site-policy-store';
import { executeToolCall, type ToolRunResult } from './execute-tool-call';
import { formatApprovalPreview } from '../tools/format-approval-preview';
import { parseToolInput } from './build-history';
import type { LiveRun, RuntimeDeps } from './run-context';
import type { ApprovalDecision, ApprovalRecord, StepRecord, ToolCallRecord } from './run-journal';
import { resolveSite } from './run-settings';

/** What the model is told about a consequential call that was running when the worker died. */
export const UNKNOWN_OUTCOME =
  'Error: outcome unknown (the browser stopped the worker while it ran); not repeated. ' +
  'Check the page or ask the user before trying again.';

/** Runs (or, after a restart, finishes) every call of `step`. */
export async function runStepTools(live: LiveRun, deps: RuntimeDeps, step: StepRecord): Promise<void> {
  const calls = live.snap.toolCalls.filter((c) => c.step === step.index);
  await Promise.all(calls.map((c) => runOne(live, deps, c)));
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
    return record(live, deps, rec, { output: UNKNOWN_OUTCOME, isError: true, outcome: 'unknown' }, 'unknown');
  }
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
  });
  const result = await executeToolCall(rec, {
    findTool: () => tool,
    availableNames: () => tools.map((t) => t.name),
    defaultTimeoutMs: deps.defaultToolTimeoutMs,
    runSignal: live.controller.signal,
    approve: (t, input) => approve(live, deps, rec, t, input, context),
    markRunning: async () => {
      rec.status = 'running';
      rec.startedAt = deps.now();
      await deps.journal.write({ toolCalls: [rec] });
    },
    context,
  });
  await record(live, deps, rec, result, 'done');
}

async function record(live: LiveRun, deps: RuntimeDeps, rec: ToolCallRecord, r: ToolRunResult, status: 'done' | 'unknown') {
  if (deps.isDead()) return;
  Object.assign(rec, { status, output: r.output, isError: r.isError, outcome: r.outcome, finishedAt: deps.now() });
  await deps.journal.write({ toolCalls: [rec] });
  const durationMs = rec.startedAt === undefined ? 0 : rec.finishedAt! - rec.startedAt;
  live.emit({ type: 'tool-call-finish', runId: rec.runId, toolCallId: rec.toolCallId, output: r.output, isError: r.isError, durationMs });
}

/**
 * Asks the user (or the per-site policy). The pending approval is journaled before it is shown, so a
 * restarted worker re-shows the same prompt, and a decision that arrived meanwhile is honoured.
 */
async function approve(
  live: LiveRun, deps: RuntimeDeps, rec: ToolCallRecord, tool: Tool, input: unknown, context: (signal: AbortSignal) => ToolContext,
): Promise<ApprovalDecision | 'cancelled'> {
  const site = resolveSite(live.snap.run.settings);
  const runId = live.snap.run.id;
  let a = live.snap.approvals.find((x) => x.toolCallId === rec.toolCallId);
  if (!a) {
    if (!tool.alwaysAsk && (await deps.sitePolicies.isAllowed(siteKey(site), tool.name))) return 'approved';
    const preview = await previewOf(tool, input, context, live.controller.signal, deps);
    if (live.controller.signal.aborted) return 'cancelled';
    a = { runId, toolCallId: rec.toolCallId, toolName: tool.name, input: parseToolInput(rec.rawInput).ok ? input : rec.rawInput, preview, site, canAlwaysAllow: !tool.alwaysAsk, status: 'pending', requestedAt: deps.now() };
    live.snap.approvals.push(a);
    await deps.journal.write({ approvals: [a] });
  }
  if (a.status === 'cancelled') return 'cancelled';
  if (a.status !== 'pending') {
    live.emit({ type: 'approval-resolved', runId, toolCallId: a.toolCallId, decision: a.status });
    return a.status;
  }
  live.emit({ type: 'approval-requested', runId, toolCallId: a.toolCallId, toolName: a.toolName, input: a.input, preview: a.preview, canAlwaysAllow: a.canAlwaysAllow ?? !tool.alwaysAsk });
  let decision: ApprovalDecision;
  try {
    decision = await deps.waiters.wait(runId, a.toolCallId, live.controller.signal);
  } catch (reason) {
    if (!live.controller.signal.aborted) throw reason;
    if (!deps.isDead()) await resolveApproval(deps, a, 'cancelled');
    return 'cancelled';
  }
  await resolveApproval(deps, a, decision);
  // A tool that must be asked every time takes "always" as a one-off approval.
  if (decision === 'always' && !tool.alwaysAsk) await deps.sitePolicies.allow(siteKey(site), tool.name);
  live.emit({ type: 'approval-resolved', runId, toolCallId: a.toolCallId, decision });
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
