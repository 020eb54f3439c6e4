/**
 * The loop: model step, tools, repeat, until the model ends its turn, a stop condition holds, the user
 * stops, or an error ends it. It starts from whatever the journal says, so starting and resuming a run are
 * the same code path.
 */
import type { ChatMessage } from '../core/chat-message';
import type { ErrorInfo } from '../core/error-info';
import type { RunFinishReason } from '../core/run-part';
import { runState, stepState } from './assemble-snapshot';
import { buildRunMessages } from './build-history';
import type { LiveRun, RuntimeDeps } from './run-context';
import type { StepRecord } from './run-journal';
import type { ModelRef } from './model-ref';
import { resolveMaxSteps } from './run-settings';
import { labelOf } from './model-fallback';
import { checkRunGates, refuseStep, stepTokens } from './run-gates';
import { tokensOf } from './estimate-tokens';
import { runModelStep } from './run-model-step';
import { runStepTools } from './run-step-tools';
import { allowedSteps, pauseAtStepLimit } from './step-limit-pause';
import { anyOf, stepLimit, type Refusal } from './stop-condition';
import { toErrorInfo } from '../core/to-error-info';
import { t } from '../util/t';

export interface RunResult {
  runId: string;
  /** The model the run ended with: its own, or the fallback it moved to. */
  model: ModelRef;
  /** That model's label when the run has a model chain ("Provider · model"). */
  modelLabel?: string;
  reason: RunFinishReason;
  /** Messages the run added to the conversation (interjections, assistant replies, tool results). */
  messages: ChatMessage[];
  /** The last text the model wrote, for a one-line preview. */
  text: string;
  error?: ErrorInfo;
  /** The error as a parent agent's model reads it, where that differs from `error` (a run cap's English copy). */
  errorForModel?: string;
  /** True when this runtime was abandoned mid-run: the run is still unfinished in the journal. */
  abandoned?: boolean;
  /** A recording's replay (no title is asked of a model for it: most replays make no model call at all). */
  replayed?: true;
}

type Verdict =
  { finish: RunFinishReason } | { next: { retryOf?: number } } | { pause: { steps: number; more: number } };

/** What happens after a completed step. */
function decide(live: LiveRun, deps: RuntimeDeps, last: StepRecord | undefined): Verdict {
  if (!last) return { next: {} };
  if (last.interrupted === 'stopped') return { finish: 'stopped' };
  // A call that moved the run to a fallback model is made again with it.
  if (last.interrupted === 'error') return last.fellBack ? { next: {} } : { finish: 'error' };
  // An interrupted stream is retried once; a retry that is itself cut off ends the run.
  if (last.interrupted === 'worker-stopped')
    return last.retryOf === undefined ? { next: { retryOf: last.index } } : { finish: 'error' };
  const queued = live.snap.interjections.some((i) => i.consumedByStep === undefined);
  if (last.toolCallIds.length === 0 && !queued) return { finish: last.finishReason === 'length' ? 'length' : 'stop' };
  const steps = live.snap.steps
    .filter((s) => !s.interrupted)
    .map((s) => ({ index: s.index, toolCallCount: s.toolCallIds.length }));
  if (anyOf(...deps.stopWhen)({ steps })) return { finish: 'step-limit' };
  const limit = resolveMaxSteps(live.snap.run.settings.maxSteps, deps.maxStepsCeiling);
  if (!stepLimit(allowedSteps(live.snap, limit))({ steps })) return { next: {} };
  // A sub-agent has no one to ask: it ends at its limit and its parent reads what it did.
  return live.snap.run.parent ? { finish: 'step-limit' } : { pause: { steps: steps.length, more: limit } };
}

/** Drives `live` to its end (or until the runtime is abandoned) and returns the outcome. */
export async function driveRun(live: LiveRun, deps: RuntimeDeps): Promise<RunResult> {
  const signal = live.controller.signal;
  try {
    for (;;) {
      if (deps.isDead()) return abandoned(live);
      const last = live.snap.steps.at(-1);
      if (last?.status === 'tools') {
        // The caps hold before any call of the step runs: an over-limit step runs none of them.
        const refusal = checkRunGates(live, last);
        if (refusal) return refuse(live, deps, last, refusal);
        await runStepTools(live, deps, last);
        if (deps.isDead()) return abandoned(live);
        last.status = 'done';
        last.finishedAt = deps.now();
        await deps.journal.write({ steps: [stepState(last)] });
        live.emit({
          type: 'step-finish',
          runId: last.runId,
          step: last.index,
          finishReason: last.finishReason ?? 'tool-calls',
        });
        await recordLatency(live, deps, last);
        if (signal.aborted) return finish(live, deps, 'stopped');
      }
      const verdict = decide(live, deps, live.snap.steps.at(-1));
      if ('finish' in verdict) return finish(live, deps, verdict.finish);
      if ('pause' in verdict) {
        const answer = await pauseAtStepLimit(live, deps, verdict.pause.steps, verdict.pause.more);
        if (deps.isDead()) return abandoned(live);
        if (answer === 'cancelled') return finish(live, deps, 'stopped');
        if (answer === 'stop') return finish(live, deps, 'step-limit');
        continue;
      }
      if (signal.aborted) return finish(live, deps, 'stopped');
      const overBudget = checkRunGates(live, undefined);
      if (overBudget) return refuse(live, deps, undefined, overBudget);
      const step = await runModelStep(live, deps, verdict.next.retryOf);
      if (deps.isDead()) return abandoned(live);
      live.tree.tokens += stepTokens(
        step,
        live.snap.toolCalls,
        tokensOf(live, deps),
        live.snap.run.model,
        deps.countOnce,
      );
      // A call that fell back is not timed: the run's model is already the next one.
      if (step.status === 'done' && !step.fellBack) {
        if (!step.interrupted)
          live.emit({
            type: 'step-finish',
            runId: step.runId,
            step: step.index,
            finishReason: step.finishReason ?? 'stop',
          });
        await recordLatency(live, deps, step);
      }
    }
  } catch (error) {
    if (deps.isDead()) return abandoned(live);
    const info = toErrorInfo(error);
    live.emit({ type: 'error', runId: live.snap.run.id, error: info });
    return finish(live, deps, 'error', info);
  }
}

async function refuse(
  live: LiveRun,
  deps: RuntimeDeps,
  last: StepRecord | undefined,
  refusal: Refusal,
): Promise<RunResult> {
  await refuseStep(live, deps, last, refusal);
  return { ...(await finish(live, deps, 'error', refusal.error)), errorForModel: refusal.forModel };
}

function abandoned(live: LiveRun): RunResult {
  const { id: runId, model } = live.snap.run;
  return { runId, model, reason: 'stopped', messages: [], text: '', abandoned: true };
}

async function finish(
  live: LiveRun,
  deps: RuntimeDeps,
  reason: RunFinishReason,
  error?: ErrorInfo,
): Promise<RunResult> {
  const run = live.snap.run;
  const lastError = error ?? (reason === 'error' ? lastStepError(live) : undefined);
  Object.assign(
    run,
    { status: 'finished', finishReason: reason, updatedAt: deps.now() },
    lastError ? { error: lastError } : {},
  );
  await deps.journal.write({ run: runState(run) });
  live.emit({ type: 'run-finish', runId: run.id, reason });
  const text = [...live.snap.steps].reverse().find((s) => s.text)?.text ?? '';
  const messages = buildRunMessages(live.snap, { internal: false });
  const modelLabel = run.settings.modelChain ? labelOf(run.settings.modelChain, run.model) : undefined;
  return {
    runId: run.id,
    model: run.model,
    ...(modelLabel ? { modelLabel } : {}),
    reason,
    messages,
    text,
    error: lastError,
    ...(run.settings.replay ? { replayed: true as const } : {}),
  };
}

function lastStepError(live: LiveRun): ErrorInfo | undefined {
  const last = live.snap.steps.at(-1);
  if (last?.interrupted === 'worker-stopped') return { code: 'interrupted', message: t('bg_error_interrupted_twice') };
  return last?.interrupted === 'error'
    ? (last.error ?? { code: 'stream_error', message: t('bg_error_model_call_failed') })
    : undefined;
}

async function recordLatency(live: LiveRun, deps: RuntimeDeps, step: StepRecord): Promise<void> {
  if (!deps.latency) return;
  const timing = live.timings.get(step.index);
  const tools = live.snap.toolCalls
    .filter((c) => c.step === step.index && c.outcome)
    .map((c) => ({
      toolName: c.toolName,
      durationMs: c.startedAt === undefined ? 0 : (c.finishedAt ?? c.startedAt) - c.startedAt,
      outcome: c.outcome!,
    }));
  try {
    await deps.latency.add({
      runId: step.runId,
      step: step.index,
      provider: live.model.provider,
      providerId: live.snap.run.model.provider,
      modelId: live.model.modelId,
      at: deps.now(),
      ttftMs: timing?.ttftMs,
      durationMs: (step.finishedAt ?? deps.now()) - step.startedAt,
      modelMs: timing?.modelMs ?? 0,
      tools,
      stopReason: step.finishReason ?? 'other',
      usage: step.usage,
    });
  } catch (e) {
    deps.reportInternalError(e); // telemetry must never end a run
  }
}
