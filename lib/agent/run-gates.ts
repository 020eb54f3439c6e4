/**
 * The run's deterministic caps (tool calls per step, concurrent sub-agents, tokens), checked by the loop
 * before a step's tools run and before the next model call. A refused run ends with the gate's message; the
 * calls of the refused step are recorded as not run, so none of them executes, now or after a restart.
 */
import { estimateMessageTokens } from './estimate-tokens';
import { stepState } from './assemble-snapshot';
import type { EstimateTokens, LiveRun, RuntimeDeps } from './run-context';
import { billedTokens, isBelievableUsage } from './billed-tokens';
import type { StepRecord, ToolCallRecord } from './run-journal';
import type { ModelRef } from './model-ref';
import { resolveRunLimit } from './run-settings';
import { firstRefusal, subAgentLimit, tokenBudget, toolCallLimit, type Refusal } from './stop-condition';

/** The tool that starts a sub-agent (lib/tools/delegate-tool.ts). */
const DELEGATE_TOOL = 'delegate';

/**
 * What one step cost: the tokens the provider billed for it (cached prompt tokens at their cached weight), else,
 * when it reported none or a usage that cannot be true of what was sent, an estimate of what was sent and received.
 */
export function stepTokens(
  step: StepRecord,
  calls: readonly ToolCallRecord[],
  estimate: EstimateTokens,
  model: ModelRef,
  countOnce: RuntimeDeps['countOnce'] = (text, count) => count(text),
): number {
  // The prompt and the tools were counted when the request was built: their counts are remembered by text.
  const sent =
    countOnce(step.request.system, estimate) +
    countOnce(JSON.stringify(step.request.tools ?? []), estimate) +
    step.request.messages.reduce((n, m) => n + estimateMessageTokens(m, estimate), 0);
  const reported = step.usage && isBelievableUsage(step.usage, model, sent) ? billedTokens(step.usage, model) : 0;
  if (reported > 0) return reported;
  const received =
    estimate(step.text) +
    estimate(step.reasoning) +
    calls.filter((c) => c.step === step.index).reduce((n, c) => n + estimate(c.toolName) + estimate(c.rawInput), 0);
  return sent + received;
}

/** Every step's cost so far (a resumed run starts its count from here). */
export function runTokens(live: Pick<LiveRun, 'snap'>, estimate: EstimateTokens): number {
  return live.snap.steps.reduce((n, s) => n + stepTokens(s, live.snap.toolCalls, estimate, live.snap.run.model), 0);
}

/** The first cap the run is past, with `last` about to run its tools (or the next model call about to start). */
export function checkRunGates(live: LiveRun, last: StepRecord | undefined): Refusal | undefined {
  const settings = live.snap.run.settings;
  const pending = last?.status === 'tools' ? pendingCalls(live, last) : [];
  return firstRefusal(
    [
      toolCallLimit(resolveRunLimit(settings, 'maxToolCallsPerStep')),
      subAgentLimit(resolveRunLimit(settings, 'maxConcurrentSubAgents')),
      tokenBudget(resolveRunLimit(settings, 'maxRunTokens')),
    ],
    {
      pendingToolCalls: pending.length,
      pendingSubAgents: pending.filter((c) => c.toolName === DELEGATE_TOOL).length,
      // This run and the sub-agents above it wait on their calls; the others run beside it.
      liveSubAgents: live.tree.liveSubAgents - live.agentPath.length,
      tokensUsed: live.tree.tokens,
    },
  );
}

/** Records the refused step's calls as not run (journaled first, so a restart never runs them) and tells the UI. */
export async function refuseStep(
  live: LiveRun,
  deps: RuntimeDeps,
  last: StepRecord | undefined,
  refusal: Refusal,
): Promise<void> {
  if (last?.status === 'tools') {
    const calls = pendingCalls(live, last);
    const at = deps.now();
    for (const c of calls)
      Object.assign(c, {
        status: 'done',
        result: { error: `Not run: ${refusal.forModel}` },
        isError: true,
        outcome: 'stopped',
        finishedAt: at,
      });
    last.status = 'done';
    last.finishedAt = at;
    await deps.journal.write({ toolCalls: calls, steps: [stepState(last)] });
    for (const c of calls)
      live.emit({
        type: 'tool-call-finish',
        runId: c.runId,
        toolCallId: c.toolCallId,
        result: c.result!,
        isError: true,
        durationMs: 0,
      });
  }
  live.emit({ type: 'error', runId: live.snap.run.id, error: refusal.error });
}

function pendingCalls(live: LiveRun, step: StepRecord): ToolCallRecord[] {
  return live.snap.toolCalls.filter((c) => c.step === step.index && c.status !== 'done' && c.status !== 'unknown');
}
