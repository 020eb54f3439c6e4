/**
 * The journal keeps a step as three records (request, streamed text, state) so each is written only when it
 * changes; readers get whole StepRecords back. Shared by the IndexedDB and the in-memory journal.
 */
import type {
  ApprovalRecord,
  InterjectionRecord,
  RunInputRecord,
  RunRecord,
  RunSnapshot,
  RunState,
  StepRecord,
  StepRequestRecord,
  StepState,
  StepText,
  ToolCallRecord,
} from './run-journal';
import { resolveDataBoundary } from './run-settings';
import { rebuildStepRequests } from './step-request-record';
import { toolResultOf } from './to-model-text';
import { toErrorInfo } from '../core/to-error-info';

/** Everything the journal stores about one run, as stored. */
export interface StoredRun {
  run: RunState;
  input?: RunInputRecord;
  requests: StepRequestRecord[];
  steps: StepState[];
  texts: StepText[];
  toolCalls: ToolCallRecord[];
  approvals: ApprovalRecord[];
  interjections: InterjectionRecord[];
}

const byIndex = (a: { index: number }, b: { index: number }) => a.index - b.index;

/** Joins a run's stored records into the snapshot every reader expects, in order. */
export function assembleSnapshot(s: StoredRun): RunSnapshot {
  const run: RunRecord = { ...withKnownError(s.run), messages: s.input?.messages ?? [] };
  const states = [...s.steps].sort(byIndex).map(withKnownErrors);
  const records = [...s.requests].sort(byIndex);
  const rebuilt = rebuildStepRequests(run.messages, records);
  const requests = new Map(records.map((r, i) => [r.index, rebuilt[i]!]));
  const texts = new Map(s.texts.map((t) => [t.index, t]));
  const steps: StepRecord[] = states.map((state) => {
    const {
      runId: _r,
      index: _i,
      ...text
    } = texts.get(state.index) ?? { runId: state.runId, index: state.index, text: '', reasoning: '' };
    return { ...state, ...text, request: requests.get(state.index) ?? { system: '', messages: [] } };
  });
  return {
    run,
    steps,
    toolCalls: [...s.toolCalls]
      .sort((a, b) => a.step - b.step || a.order - b.order)
      .map((c) => withTypedResult(c, resolveDataBoundary(run))),
    approvals: s.approvals,
    interjections: [...s.interjections].sort((a, b) => a.at - b.at),
  };
}

/** A stored error read with a code this version knows (an older one journaled class names): see toErrorInfo. */
function withKnownError<T extends { error?: unknown }>(record: T): T {
  return record.error === undefined ? record : { ...record, error: toErrorInfo(record.error) };
}

function withKnownErrors(step: StepState): StepState {
  const known = withKnownError(step);
  return known.fellBack ? { ...known, fellBack: withKnownError(known.fellBack) } : known;
}

/**
 * A call as readers expect it: a result journaled as the model's string (before results were typed) read as
 * data, so the model is sent the same text and the card shows the same; the string itself is dropped.
 */
export function withTypedResult(c: ToolCallRecord, boundary: string): ToolCallRecord {
  if (c.output === undefined) return c;
  const { output: _o, ...rest } = c;
  const result = toolResultOf(c, c.isError ?? false, boundary);
  return result ? { ...rest, result } : rest;
}

/** The stored part of a run record that status changes rewrite (everything but its input messages). */
export function runState(run: RunRecord): RunState {
  const { messages: _m, ...state } = run;
  return state;
}

/** The state record of a step (what a status change writes). */
export function stepState(step: StepRecord): StepState {
  const { request: _q, text: _t, reasoning: _r, reasoningSignature: _s, checkpointAt: _c, ...state } = step;
  return state;
}

/** The text record of a step (what a checkpoint writes). */
export function stepText(step: StepRecord): StepText {
  const t: StepText = { runId: step.runId, index: step.index, text: step.text, reasoning: step.reasoning };
  if (step.reasoningSignature !== undefined) t.reasoningSignature = step.reasoningSignature;
  if (step.checkpointAt !== undefined) t.checkpointAt = step.checkpointAt;
  return t;
}
