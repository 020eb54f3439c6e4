/**
 * Runs one tool call to its result, kept as data (the model's text is built from it where the request is,
 * lib/agent/to-model-text.ts). Nothing here throws: an unknown tool, arguments that fail the schema, a denial,
 * a thrown error and a timeout all become `isError` results.
 */
import { z } from 'zod';
import type { ActionTarget, Tool, ToolContext } from '../tools/define-tool';
import { ToolError } from '../tools/tool-error';
import { abortable } from './abortable';
import { parseToolInput } from './build-history';
import type { ToolOutcome } from './run-journal';
import type { ApprovalMethod } from './activity-line';
import { toResultValue } from './to-model-text';
import type { ToolFailure, ToolResult } from '../core/tool-result';

export interface ToolCallInput {
  toolCallId: string;
  toolName: string;
  rawInput: string;
}

export interface ToolRunResult {
  result: ToolResult;
  isError: boolean;
  outcome: ToolOutcome;
}

/**
 * What the approval gate decided: run it (on the target the user approved), denied by the user, cancelled (the
 * run stopped while it waited), or refused before it could act, with the reason the model reads. An approval
 * given without a card says how (`approvedBy`: an "always allow", a policy, or no asking needed); one given on
 * the card does not need to, its approval record says so.
 */
export type ApprovalVerdict =
  | { verdict: 'approved'; target?: ActionTarget; approvedBy?: ApprovalMethod }
  | { verdict: 'denied' }
  | { verdict: 'cancelled' }
  | { verdict: 'refused'; refusal: ToolError };

export interface ExecuteToolDeps {
  findTool(name: string): Tool | undefined;
  availableNames(): string[];
  defaultTimeoutMs: number;
  /** The access gate (lib/agent/site-access.ts): a refusal for this call before anything else, or undefined. */
  checkAccess?(tool: Tool): Promise<ToolError | undefined>;
  /** The approval gate's verdict on a call of a tool that needs approval. */
  approve(tool: Tool, input: unknown): Promise<ApprovalVerdict>;
  /** Journals the call as running, right before its side effects can start. */
  markRunning(): Promise<void>;
  /** The run's signal: aborted by stop. */
  runSignal: AbortSignal;
  /** The tool's context; `target`: where the user approved the call to land. */
  context(signal: AbortSignal, target?: ActionTarget): ToolContext;
}

export const DENIED_OUTPUT = 'Error: denied by the user. Do not retry this call; ask the user what to do instead.';
export const STOPPED_BEFORE_OUTPUT = 'Not run: the user stopped the run.';
export const STOPPED_DURING_OUTPUT = 'Stopped by the user while it ran; its outcome is unknown.';

class ToolTimeoutError extends Error {
  constructor(
    readonly toolName: string,
    readonly ms: number,
  ) {
    super(`Tool "${toolName}" timed out after ${ms} ms`);
    this.name = 'ToolTimeoutError';
  }
}

const fail = (
  error: string,
  outcome: ToolOutcome,
  detail?: Pick<ToolFailure, 'untrustedDetail' | 'untrusted'>,
): ToolRunResult => ({ result: { error, ...detail }, isError: true, outcome });

/** A ToolError is written for the model: its message goes out as it is, under its own outcome, page text kept apart. */
function toolErrorResult(error: ToolError, tool: Tool): ToolRunResult {
  const detail =
    error.untrustedDetail !== undefined
      ? { untrustedDetail: error.untrustedDetail, untrusted: tool.untrustedOutput ?? 'page_content' }
      : undefined;
  return fail(error.message, error.outcome, detail);
}

/** Validates, approves and executes one call (with its timeout), always resolving to a result. */
export async function executeToolCall(call: ToolCallInput, deps: ExecuteToolDeps): Promise<ToolRunResult> {
  const tool = deps.findTool(call.toolName);
  if (!tool) {
    return fail(
      `Error: unknown tool "${call.toolName}". Available tools: ${deps.availableNames().join(', ') || '(none)'}.`,
      'unknown-tool',
    );
  }
  // Read only (or no access to the site) refuses the call by its tool, whatever its arguments: nothing is asked or run.
  const refusal = await deps.checkAccess?.(tool);
  if (refusal) return toolErrorResult(refusal, tool);
  const json = parseToolInput(call.rawInput);
  if (!json.ok)
    return fail(`Invalid arguments for ${tool.name}: not valid JSON (${json.error}). Send a JSON object.`, 'invalid');
  const parsed = tool.input.safeParse(json.value);
  if (!parsed.success) return fail(`Invalid arguments for ${tool.name}:\n${z.prettifyError(parsed.error)}`, 'invalid');

  let target: ActionTarget | undefined;
  if (tool.needsApproval) {
    const v = await deps.approve(tool, parsed.data);
    if (v.verdict === 'cancelled' || deps.runSignal.aborted) return fail(STOPPED_BEFORE_OUTPUT, 'stopped');
    if (v.verdict === 'denied') return fail(DENIED_OUTPUT, 'denied');
    // Refused before it could act (the page changed since the card, or it could not be located): nothing ran.
    if (v.verdict === 'refused') return toolErrorResult(v.refusal, tool);
    target = v.target;
  }
  if (deps.runSignal.aborted) return fail(STOPPED_BEFORE_OUTPUT, 'stopped');
  await deps.markRunning();

  const timeoutMs = tool.timeoutMs ?? deps.defaultTimeoutMs;
  const controller = new AbortController();
  const onRunAbort = () => controller.abort(deps.runSignal.reason);
  deps.runSignal.addEventListener('abort', onRunAbort, { once: true });
  const startTimer = () => setTimeout(() => controller.abort(new ToolTimeoutError(tool.name, timeoutMs)), timeoutMs);
  let timer = startTimer();
  try {
    const ctx = holdTimeoutWhileAsking(deps.context(controller.signal, target), {
      hold: () => clearTimeout(timer),
      resume: () => (timer = startTimer()),
    });
    const value = await abortable(
      Promise.resolve().then(() => tool.execute(parsed.data, ctx)),
      controller.signal,
    );
    // Every tool that declares page text is marked the same way: the model reads it in that block.
    return {
      result: { value: toResultValue(value), ...(tool.untrustedOutput ? { untrusted: tool.untrustedOutput } : {}) },
      isError: false,
      outcome: 'ok',
    };
  } catch (error) {
    if (controller.signal.reason instanceof ToolTimeoutError && controller.signal.aborted && !deps.runSignal.aborted) {
      return fail(`Error: ${controller.signal.reason.message}. It may or may not have taken effect.`, 'timeout');
    }
    if (deps.runSignal.aborted) return fail(STOPPED_DURING_OUTPUT, 'stopped');
    // A ToolError is written for the model: its message goes out as it is, under its own outcome.
    if (error instanceof ToolError) return toolErrorResult(error, tool);
    return fail(`Error: ${error instanceof Error ? error.message : String(error)}`, 'error');
  } finally {
    clearTimeout(timer);
    deps.runSignal.removeEventListener('abort', onRunAbort);
  }
}

/** A call waiting for the user on its card (a password, a page's request) is not timed: its timeout starts again once they answer. */
function holdTimeoutWhileAsking(ctx: ToolContext, timer: { hold(): void; resume(): void }): ToolContext {
  const held =
    <A extends unknown[], R>(ask: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      timer.hold();
      try {
        return await ask(...args);
      } finally {
        timer.resume();
      }
    };
  const { askDocumentPassword: password, askPageInteraction: page } = ctx;
  return {
    ...ctx,
    ...(password ? { askDocumentPassword: held(password) } : {}),
    ...(page ? { askPageInteraction: held(page) } : {}),
  };
}
