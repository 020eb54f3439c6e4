/**
 * What the user sees of one run, as plain data: text, tool cards (with their approval and nested sub-agent
 * parts), interjections and notices, in the order they happened. The background and the side panel fold the
 * same AgentEvents with `foldRunEvent`, so a panel that catches up from a replay shows what a live one showed.
 */
import type { AgentEvent } from './agent-event';
import type { ErrorInfo } from '../core/error-info';
import type { RunFinishReason } from '../core/run-part';
import { t, type MessageKey } from '../util/t';

// A message record stores what the user saw, so storage (below this folder) declares the part shape.
import type { RunPart } from '../core/run-part';

export interface RunView {
  runId: string;
  parts: RunPart[];
  finish?: RunFinishReason;
  error?: ErrorInfo;
}

export const emptyRunView = (runId: string): RunView => ({ runId, parts: [] });

const appendText = (parts: RunPart[], kind: 'text' | 'reasoning', delta: string): RunPart[] => {
  const last = parts[parts.length - 1];
  if (last && last.kind === kind) return [...parts.slice(0, -1), { kind, text: last.text + delta }];
  return [...parts, { kind, text: delta }];
};

const updateTool = (parts: RunPart[], id: string, f: (p: Extract<RunPart, { kind: 'tool' }>) => RunPart): RunPart[] =>
  parts.map((p) => (p.kind === 'tool' && p.toolCallId === id ? f(p) : p));

// Keys, not text: the notice is said in the language of the context that folds the event (worker or panel).
// A user's stop shows no notice (see 'text-interrupted' below).
const interruptNotice: Record<string, MessageKey> = {
  'worker-stopped': 'bg_notice_worker_stopped',
  error: 'bg_notice_cut_off',
};

/** What the user is told when a run ends for a reason other than the model finishing its answer. */
const finishNotes: Partial<Record<RunFinishReason, MessageKey>> = {
  'step-limit': 'bg_notice_step_limit',
  length: 'bg_notice_length',
};

/** Folds one event into the parts list (pure; returns a new list when something changed). */
export function foldParts(parts: RunPart[], e: AgentEvent): RunPart[] {
  switch (e.type) {
    case 'text-delta':
      return appendText(parts, 'text', e.delta);
    case 'reasoning-delta':
      return appendText(parts, 'reasoning', e.delta);
    case 'tool-call-start':
      if (parts.some((p) => p.kind === 'tool' && p.toolCallId === e.toolCallId)) return parts;
      return [...parts, { kind: 'tool', toolCallId: e.toolCallId, toolName: e.toolName, status: 'running' }];
    case 'tool-call-input':
      return updateTool(parts, e.toolCallId, (p) => ({ ...p, input: e.input }));
    case 'tool-call-finish':
      return updateTool(parts, e.toolCallId, (p) => ({
        ...p,
        status: e.denied ? 'denied' : e.isError ? 'error' : 'done',
        result: e.result,
        durationMs: e.durationMs,
        ...(e.refused ? { refused: e.refused } : {}),
      }));
    case 'approval-requested':
      return updateTool(parts, e.toolCallId, (p) => ({
        ...p,
        input: e.input,
        status: 'awaiting-approval',
        approval: {
          preview: e.preview,
          canAlwaysAllow: e.canAlwaysAllow !== false,
          ...(e.origin ? { origin: e.origin } : {}),
          ...(e.dataFlows?.length ? { dataFlows: e.dataFlows } : {}),
          ...(e.destination ? { destination: e.destination } : {}),
        },
      }));
    case 'approval-resolved':
      return updateTool(parts, e.toolCallId, (p) => ({
        ...p,
        status: p.status === 'awaiting-approval' ? 'running' : p.status,
        approval: { ...p.approval, preview: p.approval?.preview ?? '', decision: e.decision },
      }));
    case 'password-requested':
      return updateTool(parts, e.toolCallId, (p) => ({
        ...p,
        status: 'awaiting-approval',
        password: { promptId: e.promptId, file: e.file, ...(e.wrong ? { wrong: true as const } : {}) },
      }));
    case 'password-resolved':
      return updateTool(parts, e.toolCallId, (p) =>
        p.password?.promptId === e.promptId
          ? {
              ...p,
              status: p.status === 'awaiting-approval' ? 'running' : p.status,
              password: { ...p.password, decision: e.decision },
            }
          : p,
      );
    case 'page-ask-requested':
      return updateTool(parts, e.toolCallId, (p) => ({
        ...p,
        status: 'awaiting-approval',
        pageAsk: { promptId: e.promptId, site: e.site, tool: e.tool, words: e.words },
      }));
    case 'page-ask-resolved':
      return updateTool(parts, e.toolCallId, (p) =>
        p.pageAsk?.promptId === e.promptId
          ? {
              ...p,
              status: p.status === 'awaiting-approval' ? 'running' : p.status,
              pageAsk: { ...p.pageAsk, decision: e.decision },
            }
          : p,
      );
    case 'tool-undone':
      return updateTool(parts, e.toolCallId, (p) => ({ ...p, undo: e.undo }));
    case 'interjection-accepted':
      return [...parts, { kind: 'interjection', text: e.text }];
    case 'context-trimmed':
    case 'model-notice':
      return [...parts, { kind: 'notice', text: e.note }];
    case 'text-interrupted':
      return e.reason === 'stopped'
        ? parts
        : [...parts, { kind: 'notice', text: t(interruptNotice[e.reason] ?? 'bg_notice_interrupted') }];
    case 'run-paused':
      if (parts.some((p) => p.kind === 'pause' && p.pauseId === e.pauseId)) return parts;
      return [...parts, { kind: 'pause', pauseId: e.pauseId, steps: e.steps, more: e.more }];
    case 'run-pause-resolved':
      return parts.map((p) => (p.kind === 'pause' && p.pauseId === e.pauseId ? { ...p, decision: e.decision } : p));
    case 'nested':
      return updateTool(parts, e.parentToolCallId, (p) => ({ ...p, nested: foldParts(p.nested ?? [], e.event) }));
    default:
      return parts;
  }
}

export function foldRunEvent(view: RunView, e: AgentEvent): RunView {
  if (e.type === 'error') return { ...view, error: e.error };
  if (e.type === 'run-finish') {
    const note = finishNotes[e.reason];
    return { ...view, parts: note ? [...view.parts, { kind: 'notice', text: t(note) }] : view.parts, finish: e.reason };
  }
  const parts = foldParts(view.parts, e);
  return parts === view.parts ? view : { ...view, parts };
}

/** Folds a run's events, in order, into its view; `before`: parts shown ahead of the run's own (a continued answer's). */
export const foldRunEvents = (runId: string, events: AgentEvent[], before: RunPart[] = []): RunView =>
  events.reduce(foldRunEvent, { runId, parts: before });

/** The visible answer text of a run (every text part, in order). */
export const runText = (parts: RunPart[]): string =>
  parts.flatMap((p) => (p.kind === 'text' ? [p.text] : [])).join('\n\n');
