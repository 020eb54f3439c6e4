/**
 * Everything the background tells the UI about a run: one serialisable union (it crosses a Port), keyed by
 * run id, with a closing `run-finish`. Errors are events, not exceptions.
 */
import type { FinishReason } from '../providers/chat-model';
import type { Usage } from '../core/usage';
// A message record stores its error and finish, so storage (below this folder) declares them.
import type { AccessRefusalKind, DataFlowFlag, RunFinishReason, UndoOutcome } from '../core/run-part';
import type { ErrorInfo } from '../core/error-info';
import type { ToolResult } from '../core/tool-result';

export type AgentEvent =
  | { type: 'run-start'; runId: string; conversationId: string; messageId: string; at: number }
  | { type: 'step-start'; runId: string; step: number }
  | { type: 'text-delta'; runId: string; messageId: string; delta: string }
  | { type: 'reasoning-delta'; runId: string; messageId: string; delta: string }
  | { type: 'tool-call-start'; runId: string; toolCallId: string; toolName: string; parentToolCallId?: string }
  | { type: 'tool-call-input'; runId: string; toolCallId: string; input: unknown }
  /** `denied`: the user said no, so the call never ran (an outcome of its own, not a failure). */
  | {
      type: 'tool-call-finish';
      runId: string;
      toolCallId: string;
      result: ToolResult;
      isError: boolean;
      durationMs: number;
      denied?: true;
      /** The access gate refused the call (lib/agent/site-access.ts): read only is on, or no access to the site. */
      refused?: AccessRefusalKind;
    }
  | {
      type: 'approval-requested';
      runId: string;
      toolCallId: string;
      toolName: string;
      input: unknown;
      preview: string;
      canAlwaysAllow?: boolean;
      origin?: string;
      dataFlows?: DataFlowFlag[];
      destination?: string;
    }
  | { type: 'approval-resolved'; runId: string; toolCallId: string; decision: 'approved' | 'denied' | 'always' }
  | { type: 'usage'; runId: string; step: number; usage: Usage }
  | { type: 'retry'; runId: string; attempt: number; status: number; delayMs: number }
  | { type: 'interjection-accepted'; runId: string; messageId: string; text: string }
  | { type: 'step-finish'; runId: string; step: number; finishReason: FinishReason }
  | { type: 'error'; runId: string; error: ErrorInfo }
  | { type: 'run-finish'; runId: string; reason: RunFinishReason }
  // Added by the runtime core (additive only):
  /** Text already shown was cut off (worker stopped, stream failed, user stopped); it is kept, never rewritten. */
  | { type: 'text-interrupted'; runId: string; messageId: string; step: number; reason: InterruptReason }
  /** Older history or large tool results were shortened to fit the model's context window. */
  | { type: 'context-trimmed'; runId: string; step: number; note: string }
  /** Something about the model the user should know, e.g. that it cannot use tools (plain chat then). */
  | { type: 'model-notice'; runId: string; step: number; note: string }
  /** A run was picked up again after the worker restarted. */
  | { type: 'run-resumed'; runId: string; fromStep: number }
  /** The user undid a tool call's effect (a fill) after it finished; replayed from the journal. */
  | { type: 'tool-undone'; runId: string; toolCallId: string; undo: UndoOutcome }
  /** The run reached its step limit and waits for the user: "Continue for `more` more steps?" (`pauseId` answers it). */
  | { type: 'run-paused'; runId: string; pauseId: string; steps: number; more: number }
  /** The user's answer to the pause: go on, or stop here. */
  | { type: 'run-pause-resolved'; runId: string; pauseId: string; decision: 'continue' | 'stop' }
  /**
   * A running call met a password-protected document: its card asks the user for the password (`promptId`
   * answers it; `wrong`: the last one typed was not right). The password never travels in an event.
   */
  | { type: 'password-requested'; runId: string; toolCallId: string; promptId: string; file: string; wrong?: true }
  /** The user typed a password on the card (`given`) or cancelled it. */
  | { type: 'password-resolved'; runId: string; toolCallId: string; promptId: string; decision: 'given' | 'cancelled' }
  /** An event of a sub-agent run, nested under the parent's `delegate` tool call. */
  | { type: 'nested'; runId: string; parentToolCallId: string; event: AgentEvent };

export type InterruptReason = 'worker-stopped' | 'error' | 'stopped';
