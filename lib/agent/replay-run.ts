/**
 * Rebuilds a run's events from its journal, so a side panel opened mid-run (or after a restart) folds the
 * same events it would have seen live: whole texts instead of many deltas, same order, same ids.
 */
import { isAccessRefusal } from '../core/run-part';
import { passwordPromptEvents } from './document-password-prompt';
import type { AgentEvent } from './agent-event';
import { parseToolInput } from './build-history';
import type { RunSnapshot } from './run-journal';
import { isPause, type PauseInput } from './step-limit-pause';

/** What a replay adds that the run's own snapshot does not hold. */
export interface ReplayExtras {
  /** Events of the sub-agent run under a tool call, already wrapped as 'nested'. */
  nested?: (toolCallId: string) => AgentEvent[];
  /** Tool calls begun in the step streaming now (a live run's; the journal has them only once it ends). */
  streamingCalls?: Array<{ toolCallId: string; toolName: string; input?: unknown }>;
}

/** The event list equivalent to what a subscriber saw (streamed text up to what `s` holds). */
export function replayRunEvents(s: RunSnapshot, extras: ReplayExtras = {}): AgentEvent[] {
  const { run } = s;
  const runId = run.id;
  const out: AgentEvent[] = [
    { type: 'run-start', runId, conversationId: run.conversationId, messageId: run.messageId, at: run.createdAt },
  ];
  let completed = 0;
  for (const step of s.steps) {
    out.push({ type: 'step-start', runId, step: step.index });
    for (const i of s.interjections.filter((x) => x.consumedByStep === step.index)) {
      out.push({ type: 'interjection-accepted', runId, messageId: i.id, text: i.text });
    }
    if (step.modelNotice) out.push({ type: 'model-notice', runId, step: step.index, note: step.modelNotice });
    if (step.trimNote) out.push({ type: 'context-trimmed', runId, step: step.index, note: step.trimNote });
    if (step.reasoning) out.push({ type: 'reasoning-delta', runId, messageId: run.messageId, delta: step.reasoning });
    if (step.text) out.push({ type: 'text-delta', runId, messageId: run.messageId, delta: step.text });
    if (step.error) out.push({ type: 'error', runId, error: step.error });
    if (step.fellBack) out.push({ type: 'model-notice', runId, step: step.index, note: step.fellBack.notice });
    if (step.interrupted && (step.text || step.reasoning)) {
      out.push({
        type: 'text-interrupted',
        runId,
        messageId: run.messageId,
        step: step.index,
        reason: step.interrupted,
      });
    }
    const calls = s.toolCalls.filter((x) => x.step === step.index);
    if (step.status === 'streaming') {
      for (const c of extras.streamingCalls ?? []) {
        out.push({ type: 'tool-call-start', runId, toolCallId: c.toolCallId, toolName: c.toolName });
        if (c.input !== undefined)
          out.push({ type: 'tool-call-input', runId, toolCallId: c.toolCallId, input: c.input });
      }
    }
    for (const c of calls) {
      const parsed = parseToolInput(c.rawInput);
      out.push({ type: 'tool-call-start', runId, toolCallId: c.toolCallId, toolName: c.toolName });
      out.push({
        type: 'tool-call-input',
        runId,
        toolCallId: c.toolCallId,
        input: parsed.ok ? parsed.value : c.rawInput,
      });
    }
    // Live, usage arrives when the stream ends, before the step's tools run.
    if (step.usage && step.status !== 'streaming' && !step.interrupted)
      out.push({ type: 'usage', runId, step: step.index, usage: step.usage });
    for (const c of calls) {
      const a = s.approvals.find((x) => x.toolCallId === c.toolCallId);
      if (a) {
        out.push({
          type: 'approval-requested',
          runId,
          toolCallId: a.toolCallId,
          toolName: a.toolName,
          input: a.input,
          preview: a.preview,
          canAlwaysAllow: a.canAlwaysAllow !== false,
          ...(a.site ? { origin: a.site } : {}),
          ...(a.dataFlows?.length ? { dataFlows: a.dataFlows } : {}),
          ...(a.destination ? { destination: a.destination } : {}),
        });
        if (a.status === 'approved' || a.status === 'denied' || a.status === 'always') {
          out.push({ type: 'approval-resolved', runId, toolCallId: a.toolCallId, decision: a.status });
        }
      }
      out.push(...passwordPromptEvents(s, c.toolCallId));
      out.push(...(extras.nested?.(c.toolCallId) ?? []));
      if (c.result !== undefined) {
        const durationMs = c.startedAt !== undefined && c.finishedAt !== undefined ? c.finishedAt - c.startedAt : 0;
        out.push({
          type: 'tool-call-finish',
          runId,
          toolCallId: c.toolCallId,
          result: c.result,
          isError: c.isError ?? false,
          durationMs,
          ...(c.outcome === 'denied' ? { denied: true as const } : {}),
          ...(isAccessRefusal(c.outcome) ? { refused: c.outcome } : {}),
        });
      }
      if (c.undo) out.push({ type: 'tool-undone', runId, toolCallId: c.toolCallId, undo: c.undo });
    }
    if (step.status === 'done' && !step.interrupted) {
      out.push({ type: 'step-finish', runId, step: step.index, finishReason: step.finishReason ?? 'stop' });
      completed += 1;
      out.push(...pauseEvents(s, completed));
    }
  }
  if (run.status === 'finished') {
    if (run.error && !s.steps.some((x) => x.error)) out.push({ type: 'error', runId, error: run.error });
    out.push({ type: 'run-finish', runId, reason: run.finishReason ?? 'stop' });
  }
  return out;
}

/** The step-limit pause asked after `completed` steps, and the user's answer to it once given. */
function pauseEvents(s: RunSnapshot, completed: number): AgentEvent[] {
  const runId = s.run.id;
  return s.approvals
    .filter((a) => isPause(a) && (a.input as PauseInput).steps === completed)
    .flatMap((a): AgentEvent[] => {
      const { steps, more } = a.input as PauseInput;
      const asked: AgentEvent = { type: 'run-paused', runId, pauseId: a.toolCallId, steps, more };
      if (a.status === 'pending' || a.status === 'cancelled') return [asked];
      const decision = a.status === 'denied' ? 'stop' : 'continue';
      return [asked, { type: 'run-pause-resolved', runId, pauseId: a.toolCallId, decision }];
    });
}
