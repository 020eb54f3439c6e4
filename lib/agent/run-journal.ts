/**
 * The durable record of a run (see DESIGN.md "Durable runs"): everything needed to resume it after the
 * worker is killed, and to replay it to a UI that opens mid-run. Writes are batched so each is atomic.
 */
import type { ChatCall, ChatMessage, FinishReason, Usage } from '../providers/chat-model';
import type { ErrorInfo, InterruptReason, RunFinishReason } from './agent-event';
import type { RunSettings } from './run-settings';

export interface ModelRef {
  provider: string;
  modelId: string;
}

export interface RunRecord {
  id: string;
  conversationId: string;
  /** The assistant message this run produces; text deltas carry it. */
  messageId: string;
  model: ModelRef;
  settings: RunSettings;
  /** The conversation as the run received it (ending with the user's message). */
  messages: ChatMessage[];
  status: 'running' | 'finished';
  finishReason?: RunFinishReason;
  error?: ErrorInfo;
  createdAt: number;
  updatedAt: number;
  /** Set for sub-agent runs; those are resumed only through their parent. */
  parent?: { runId: string; toolCallId: string; agentPath: string[] };
}

export type StepStatus = 'streaming' | 'tools' | 'done';

export interface StepRecord {
  runId: string;
  index: number;
  status: StepStatus;
  /** Exactly what the model was sent, for the "what the model saw" view. */
  request: ChatCall;
  /** Streamed text so far (checkpointed at least every 500 ms while streaming). */
  text: string;
  reasoning: string;
  reasoningSignature?: string;
  /** Tool calls the model made in this step, in the order it made them. */
  toolCallIds: string[];
  finishReason?: FinishReason;
  usage?: Usage;
  interrupted?: InterruptReason;
  /** The step this one retries after an interrupted stream (a stream is retried once). */
  retryOf?: number;
  trimNote?: string;
  /** Why the model call failed, when it did. */
  error?: ErrorInfo;
  startedAt: number;
  checkpointAt?: number;
  finishedAt?: number;
}

export type ToolCallStatus = 'pending' | 'running' | 'done' | 'unknown';
export type ToolOutcome = 'ok' | 'error' | 'invalid' | 'unknown-tool' | 'timeout' | 'denied' | 'stopped' | 'unknown' | 'page-gone';

export interface ToolCallRecord {
  runId: string;
  step: number;
  /** Position within the step, so results go back in call order. */
  order: number;
  toolCallId: string;
  toolName: string;
  /** The raw JSON text the model produced. */
  rawInput: string;
  status: ToolCallStatus;
  output?: string;
  isError?: boolean;
  outcome?: ToolOutcome;
  startedAt?: number;
  finishedAt?: number;
}

export type ApprovalDecision = 'approved' | 'denied' | 'always';

export interface ApprovalRecord {
  runId: string;
  toolCallId: string;
  toolName: string;
  input: unknown;
  preview: string;
  site?: string;
  /** False for tools that must be approved every time (click, submit_form). */
  canAlwaysAllow?: boolean;
  /** 'cancelled': the run was stopped while it waited. */
  status: 'pending' | ApprovalDecision | 'cancelled';
  requestedAt: number;
  resolvedAt?: number;
}

export interface InterjectionRecord {
  runId: string;
  id: string;
  text: string;
  at: number;
  /** The step before whose model call it was injected; unset while queued. */
  consumedByStep?: number;
}

/** One atomic write: records are stored whole (put), keyed by their ids. */
export interface JournalBatch {
  run?: RunRecord;
  steps?: StepRecord[];
  toolCalls?: ToolCallRecord[];
  approvals?: ApprovalRecord[];
  interjections?: InterjectionRecord[];
}

export interface RunSnapshot {
  run: RunRecord;
  steps: StepRecord[];
  toolCalls: ToolCallRecord[];
  approvals: ApprovalRecord[];
  interjections: InterjectionRecord[];
}

export interface RunJournal {
  write(batch: JournalBatch): Promise<void>;
  /** Everything about one run, steps by index, tool calls by step then order. */
  read(runId: string): Promise<RunSnapshot | undefined>;
  listUnfinished(): Promise<RunRecord[]>;
}

/** Orders a snapshot's parts the way every reader expects them. */
export function sortSnapshot(s: RunSnapshot): RunSnapshot {
  s.steps.sort((a, b) => a.index - b.index);
  s.toolCalls.sort((a, b) => a.step - b.step || a.order - b.order);
  s.interjections.sort((a, b) => a.at - b.at);
  return s;
}
