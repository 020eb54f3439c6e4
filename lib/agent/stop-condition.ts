/** Stop conditions are small predicates over the finished steps (after the AI SDK's stop-condition.ts). */
import type { ErrorInfo } from '../core/error-info';
import { formatInteger } from '../util/format-integer';
import { t } from '../util/t';

export interface StopState {
  /** Completed model steps, interrupted ones excluded. */
  steps: ReadonlyArray<{ index: number; toolCallCount: number }>;
}

export type StopCondition = (state: StopState) => boolean;

/** Stops once `n` model steps have completed. */
export const stepLimit =
  (n: number): StopCondition =>
  ({ steps }) =>
    steps.length >= n;

/** Stops as soon as any condition holds. */
export const anyOf =
  (...conditions: StopCondition[]): StopCondition =>
  (state) =>
    conditions.some((c) => c(state));

/**
 * What the run's gates look at, before a step's tools run and before the next model call: the step about to
 * run its tools and the tokens the run (with its sub-agents) has used so far.
 */
export interface GateState {
  /** Tool calls the latest model step asked for (0 once they ran). */
  pendingToolCalls: number;
  /** Of those, calls that would start a sub-agent. */
  pendingSubAgents: number;
  /** Sub-agents of the run's tree running beside this one (not the chain of agents waiting on it). */
  liveSubAgents: number;
  /** Input plus output tokens of every step so far (reported, or estimated where the provider sent none). */
  tokensUsed: number;
}

/**
 * A gate's reason to end the run, said twice: `error` for the user (their language; the run's error card) and
 * `forModel` for the refused calls' results, which the model reads (English, like every tool result).
 */
export interface Refusal {
  error: ErrorInfo;
  forModel: string;
}

/** A gate answers the reason to end the run, or undefined to let it go on. Deterministic: no model involved. */
export type RunGate = (state: GateState) => Refusal | undefined;

/** Where the user changes the limits; every message names it. */
const WHERE = '(Settings → Assistant)';

/** More than `n` tool calls in one step ends the run before any of them runs. */
export const toolCallLimit =
  (n: number): RunGate =>
  ({ pendingToolCalls }) =>
    pendingToolCalls > n
      ? {
          error: {
            code: 'tool_call_limit',
            message: t('bg_gate_tool_calls', formatInteger(pendingToolCalls), formatInteger(n)),
          },
          forModel: `Stopped: this run made ${pendingToolCalls} tool calls in one step; the limit is ${n} ${WHERE}.`,
        }
      : undefined;

/** More than `n` sub-agents at once (running plus about to start) ends the run before any new one starts. */
export const subAgentLimit =
  (n: number): RunGate =>
  ({ pendingSubAgents, liveSubAgents }) =>
    pendingSubAgents + liveSubAgents > n
      ? {
          error: {
            code: 'sub_agent_limit',
            message: t('bg_gate_sub_agents', formatInteger(pendingSubAgents + liveSubAgents), formatInteger(n)),
          },
          forModel: `Stopped: this run would have ${pendingSubAgents + liveSubAgents} sub-agents running at once; the limit is ${n} ${WHERE}.`,
        }
      : undefined;

/** Using more than `n` tokens ends the run before its next tool or model call. */
export const tokenBudget =
  (n: number): RunGate =>
  ({ tokensUsed }) =>
    tokensUsed > n
      ? {
          error: { code: 'token_budget', message: t('bg_gate_tokens', formatInteger(tokensUsed), formatInteger(n)) },
          forModel: `Stopped: this run used about ${tokensUsed.toLocaleString('en-US')} tokens; the budget is ${n.toLocaleString('en-US')} ${WHERE}.`,
        }
      : undefined;

/** The first gate that refuses, if any. */
export const firstRefusal = (gates: RunGate[], state: GateState): Refusal | undefined => {
  for (const gate of gates) {
    const refusal = gate(state);
    if (refusal) return refusal;
  }
  return undefined;
};
