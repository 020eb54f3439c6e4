/**
 * Streams one model response into plain results. A failure before any output is retried once (nothing was
 * shown yet); after output the partial result is returned with the error, so the caller keeps what was seen.
 */
import type { ChatCall, ChatModel, FinishReason, ModelStreamPart } from '../providers/chat-model';
import type { Usage } from '../core/usage';
import { emptyUsage } from '../providers/chat-model';
import { ProviderError } from '../providers/provider-error';
import { abortable } from './abortable';

export interface StreamedToolCall {
  toolCallId: string;
  toolName: string;
  input: string;
}

export interface StreamResult {
  text: string;
  reasoning: string;
  reasoningSignature?: string;
  toolCalls: StreamedToolCall[];
  finishReason: FinishReason;
  usage: Usage;
  /** ms from sending the request to the first part with content. */
  ttftMs?: number;
  error?: unknown;
  aborted: boolean;
}

export interface StreamHooks {
  /** Called for every content part (awaited, so checkpoint writes stay ordered). */
  onPart(part: ModelStreamPart, soFar: { text: string; reasoning: string }): Promise<void> | void;
}

const hasContent = (p: ModelStreamPart) =>
  p.type === 'text-delta' || p.type === 'reasoning-delta' || p.type === 'tool-call-start' || p.type === 'tool-call';

/** Worth retrying: network-ish provider errors, and anything that is not a ProviderError (a broken stream). */
export const isRetryableStreamError = (error: unknown): boolean =>
  error instanceof ProviderError ? error.retryable : true;

/** Streams `call` with one retry before output; aborting `signal` returns promptly with what was received. */
export async function streamModelStep(
  model: ChatModel,
  call: ChatCall,
  signal: AbortSignal,
  hooks: StreamHooks,
  now: () => number,
): Promise<StreamResult> {
  const started = now();
  for (let attempt = 0; ; attempt++) {
    const r: StreamResult = {
      text: '',
      reasoning: '',
      toolCalls: [],
      finishReason: 'other',
      usage: emptyUsage(),
      aborted: false,
    };
    let output = false;
    try {
      const iterator = model.stream(call, signal)[Symbol.asyncIterator]();
      for (;;) {
        // Racing each part against the signal keeps "stop" prompt even if an adapter ignores it.
        const next = await abortable(iterator.next(), signal);
        if (next.done) break;
        const part = next.value;
        if (hasContent(part) && r.ttftMs === undefined) r.ttftMs = now() - started;
        if (hasContent(part)) output = true;
        if (part.type === 'text-delta') r.text += part.delta;
        else if (part.type === 'reasoning-delta') r.reasoning += part.delta;
        else if (part.type === 'reasoning-signature') r.reasoningSignature = part.signature;
        else if (part.type === 'tool-call')
          r.toolCalls.push({ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
        else if (part.type === 'finish') {
          r.finishReason = part.finishReason;
          r.usage = part.usage;
        }
        await hooks.onPart(part, r);
      }
      if (r.toolCalls.length > 0 && r.finishReason !== 'length') r.finishReason = 'tool-calls';
      return r;
    } catch (error) {
      if (signal.aborted) return { ...r, aborted: true };
      if (!output && attempt === 0 && isRetryableStreamError(error)) continue;
      return { ...r, finishReason: 'error', error };
    }
  }
}
