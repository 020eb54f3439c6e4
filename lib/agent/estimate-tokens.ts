import type { ChatMessage } from '../core/chat-message';

/** Estimates tokens from text length; injected so a real tokenizer can replace it. */
export type EstimateTokens = (text: string) => number;

/** About four characters per token for English prose and JSON, rounded up; good enough to budget with. */
export const estimateTokens: EstimateTokens = (text) => Math.ceil(text.length / 4);

/** A message's estimated size, with a small per-part overhead for roles and wrappers. */
export function estimateMessageTokens(message: ChatMessage, estimate: EstimateTokens): number {
  let n = 4;
  for (const part of message.content) {
    if (part.type === 'text' || part.type === 'reasoning') n += estimate(part.text);
    else if (part.type === 'tool-call') n += estimate(part.toolName) + estimate(JSON.stringify(part.input) ?? '') + 4;
    else n += estimate(part.output) + 4;
  }
  return n;
}
