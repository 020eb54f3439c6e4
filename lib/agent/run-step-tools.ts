/**
 * Runs a step's tool calls, each journaled pending → running → done, so a restarted worker knows exactly
 * which calls happened. Background tools run in parallel; page tools run one after another in call order,
 * so each acts on the page the one before left (and on the snapshot its approval was computed from).
 * Results stay in call order because each record keeps its position.
 */
import { askDocumentPassword } from './document-password-prompt';
import type { ActionTarget, ReadSource, Tool, ToolContext } from '../tools/define-tool';
import { approveCall } from './approve-call';
import { executeToolCall, type ApprovalVerdict, type ToolRunResult } from './execute-tool-call';
import { isAccessRefusal } from '../core/run-part';
import type { GateOutcome } from './describe-activity';
import { recordActivity } from './record-activity';
import type { LiveRun, RuntimeDeps } from './run-context';
import type { StepRecord, ToolCallRecord } from './run-journal';
import { resolveSite } from './run-settings';
import { accessRefusal, checkAccess } from './site-access';

export { CHANGED_SINCE_APPROVAL, PREVIEW_TIMEOUT_MS } from './approve-call';

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
  await Promise.all([
    ...calls.filter((c) => !onPage(c)).map((c) => runOne(live, deps, c)),
    inOrder(calls.filter(onPage)),
  ]);
}

/** The set of tools this run may use. */
export function activeTools(live: Pick<LiveRun, 'snap'>, deps: RuntimeDeps): Tool[] {
  const names = live.snap.run.settings.toolNames;
  const all = deps.tools.list();
  return names ? all.filter((t) => names.includes(t.name)) : all;
}

/**
 * The tools the model is offered on the next step: the active ones that can apply now (each tool's `offered`).
 * A check that fails offers the tool: leaving it out would take a capability away, offering it only costs tokens.
 */
export async function offeredTools(
  live: Pick<LiveRun, 'snap' | 'controller' | 'agentPath'>,
  deps: RuntimeDeps,
): Promise<Tool[]> {
  const s = live.snap.run.settings;
  const ctx: ToolContext = {
    runId: live.snap.run.id,
    toolCallId: '',
    signal: live.controller.signal,
    tabId: s.tabId,
    frameId: s.frameId,
    site: resolveSite(s),
    pageUrl: s.pageContext?.url,
    mentionedTabIds: s.mentionedTabs?.map((t) => t.tabId) ?? [],
    agentPath: live.agentPath,
    delegate: () => Promise.reject(new Error('No sub-agent runs while tools are being offered')),
    now: deps.now,
  };
  // Tools the access gate would refuse on the run's site are not offered (a call made anyway is refused by it).
  const access = await deps.accessFor(ctx.site).catch(() => 'none' as const);
  const tools = activeTools(live, deps).filter((t) => !accessRefusal(t, access));
  const keep = await Promise.all(
    tools.map(async (t) => {
      if (!t.offered) return true;
      try {
        return await t.offered(ctx);
      } catch (error) {
        deps.reportInternalError(error);
        return true;
      }
    }),
  );
  return tools.filter((_, i) => keep[i]);
}

async function runOne(live: LiveRun, deps: RuntimeDeps, rec: ToolCallRecord): Promise<void> {
  if (rec.status === 'done' || rec.status === 'unknown') return; // recorded results are never re-run
  const tools = activeTools(live, deps);
  const tool = tools.find((t) => t.name === rec.toolName);
  if (rec.status === 'running' && !tool?.readOnly) {
    await record(live, deps, rec, { result: { error: UNKNOWN_OUTCOME }, isError: true, outcome: 'unknown' }, 'unknown');
    return recordActivity(live, deps, rec, tool, {});
  }
  const reads: ReadSource[] = [];
  let approved: ActionTarget | undefined;
  let gate: GateOutcome = {};
  const context = (signal: AbortSignal, target?: ActionTarget): ToolContext => ({
    runId: live.snap.run.id,
    toolCallId: rec.toolCallId,
    signal,
    tabId: live.snap.run.settings.tabId,
    frameId: live.snap.run.settings.frameId,
    site: resolveSite(live.snap.run.settings),
    pageUrl: live.snap.run.settings.pageContext?.url,
    mentionedTabIds: live.snap.run.settings.mentionedTabs?.map((t) => t.tabId) ?? [],
    agentPath: live.agentPath,
    delegate: (request) => live.delegate(rec.toolCallId, request, signal),
    now: deps.now,
    reportRead: (source) => void reads.push(source),
    modelTakesImages: live.model.info?.images === true,
    askDocumentPassword: (file, wrong) =>
      askDocumentPassword(live, deps, { toolCallId: rec.toolCallId, file, wrong, signal }),
    ...(target ? { target } : {}),
  });
  const result = await executeToolCall(rec, {
    findTool: () => tool,
    availableNames: () => tools.map((t) => t.name),
    defaultTimeoutMs: deps.defaultToolTimeoutMs,
    runSignal: live.controller.signal,
    checkAccess: (t) => checkAccess(deps.accessFor, t, resolveSite(live.snap.run.settings)),
    approve: async (t, input) => {
      const v = await approveCall(live, deps, rec, t, input, context);
      gate = gateOutcome(v);
      if (v.verdict === 'approved') {
        approved = v.target;
        // Journaled with the call when it starts, so a line written after a restart still says how.
        if (v.approvedBy) rec.approvedBy = v.approvedBy;
      }
      return v;
    },
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
  if (!reads.length && tool?.untrustedOutput && result.outcome !== 'denied')
    reads.push({ origin: approved?.origin ?? `tool:${rec.toolName}` });
  if (reads.length) rec.reads = reads;
  await record(live, deps, rec, result, 'done');
  await recordActivity(live, deps, rec, tool, gate);
}

/** What the activity line needs of the gate's verdict. */
const gateOutcome = (v: ApprovalVerdict): GateOutcome => ({
  verdict: v.verdict,
  ...(v.verdict === 'approved' && v.approvedBy ? { approvedBy: v.approvedBy } : {}),
  ...(v.verdict === 'approved' && v.target ? { target: v.target } : {}),
});

async function record(
  live: LiveRun,
  deps: RuntimeDeps,
  rec: ToolCallRecord,
  r: ToolRunResult,
  status: 'done' | 'unknown',
) {
  if (deps.isDead()) return;
  Object.assign(rec, { status, result: r.result, isError: r.isError, outcome: r.outcome, finishedAt: deps.now() });
  await deps.journal.write({ toolCalls: [rec] });
  const durationMs = rec.startedAt === undefined ? 0 : rec.finishedAt! - rec.startedAt;
  live.emit({
    type: 'tool-call-finish',
    runId: rec.runId,
    toolCallId: rec.toolCallId,
    result: r.result,
    isError: r.isError,
    durationMs,
    ...(r.outcome === 'denied' ? { denied: true as const } : {}),
    ...(isAccessRefusal(r.outcome) ? { refused: r.outcome } : {}),
  });
}
