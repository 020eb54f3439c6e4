import type { FakeReply, FakeStopReason } from './fake-reply';

/** The stop reason and token counts a reply ends with. */
export interface ReplyOutcome {
  stopReason: FakeStopReason;
  inputTokens: number;
  outputTokens: number;
  cachedTokens: number;
  cacheCreationTokens: number;
}

/** Input tokens as the fake server reports them: four characters a token of the request body as JSON. */
export const estimateInputTokens = (requestBody: unknown): number =>
  Math.ceil((JSON.stringify(requestBody ?? '') ?? '').length / 4);

/**
 * Fills in what the script leaves out: input tokens estimated at four characters a token of the request
 * body (what a real tokenizer roughly gives), output tokens one per chunk sent.
 */
export function replyOutcome(reply: FakeReply, requestBody: unknown, chunksSent: number): ReplyOutcome {
  const usage = reply.usage ?? {};
  return {
    stopReason: reply.stopReason ?? (reply.toolCalls?.length ? 'tool_calls' : 'stop'),
    inputTokens: usage.inputTokens ?? estimateInputTokens(requestBody),
    outputTokens: usage.outputTokens ?? chunksSent,
    cachedTokens: usage.cachedTokens ?? 0,
    cacheCreationTokens: usage.cacheCreationTokens ?? 0,
  };
}
