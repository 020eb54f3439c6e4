/**
 * Resuming one run from its journal after the worker was killed: a finished run answers at once; a sub-agent
 * is closed as interrupted (its parent's delegate call resumes as "outcome unknown"); a top-level run's
 * half-streamed step is kept as the user saw it, marked interrupted, and the loop goes on from there.
 */
import type { AgentEvent } from './agent-event';
import { runState, stepState } from './assemble-snapshot';
import type { RunResult } from './drive-run';
import type { RuntimeDeps } from './run-context';
import type { RunSnapshot } from './run-journal';

export interface ResumeContext {
  deps: RuntimeDeps;
  /** Emits to every listener of the runtime. */
  emit(e: AgentEvent): void;
  /** Starts the loop of a top-level run from its snapshot. */
  launch(snap: RunSnapshot): Promise<{ runId: string; messageId: string; done: Promise<RunResult> }>;
}

export async function resumeJournaledRun(
  runId: string,
  { deps, emit, launch }: ResumeContext,
): Promise<{ runId: string; messageId: string; done: Promise<RunResult> }> {
  const snap = await deps.journal.read(runId);
  if (!snap) throw new Error(`No run ${runId} in the journal`);
  const finished = (r: RunResult) => ({ runId, messageId: snap.run.messageId, done: Promise.resolve(r) });
  if (snap.run.status === 'finished')
    return finished({ runId, model: snap.run.model, reason: snap.run.finishReason ?? 'stop', messages: [], text: '' });
  if (snap.run.parent) {
    // A sub-agent lives inside its parent's delegate call, which resumes as "outcome unknown"; close it.
    Object.assign(snap.run, {
      status: 'finished',
      finishReason: 'error',
      updatedAt: deps.now(),
      error: { code: 'interrupted', message: 'The worker stopped while this sub-agent ran' },
    });
    await deps.journal.write({ run: runState(snap.run) });
    return finished({ runId, model: snap.run.model, reason: 'error', messages: [], text: '', error: snap.run.error });
  }
  const last = snap.steps.at(-1);
  if (last?.status === 'streaming') {
    // What the user saw stays as it was, marked interrupted; the model is asked again once.
    Object.assign(last, { status: 'done', interrupted: 'worker-stopped', finishedAt: deps.now() });
    await deps.journal.write({ steps: [stepState(last)] });
  }
  emit({ type: 'run-resumed', runId, fromStep: snap.steps.length });
  if (last?.interrupted === 'worker-stopped' && (last.text || last.reasoning)) {
    emit({
      type: 'text-interrupted',
      runId,
      messageId: snap.run.messageId,
      step: last.index,
      reason: 'worker-stopped',
    });
  }
  return launch(snap);
}
