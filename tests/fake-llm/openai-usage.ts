import type { ReplyOutcome } from './reply-outcome';

/** The `usage` object of a chat completion, with every detail field OpenAI fills in. */
export function openaiUsage(outcome: ReplyOutcome, reasoningTokens: number) {
  return {
    prompt_tokens: outcome.inputTokens,
    completion_tokens: outcome.outputTokens,
    total_tokens: outcome.inputTokens + outcome.outputTokens,
    prompt_tokens_details: { cached_tokens: outcome.cachedTokens, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: reasoningTokens,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}
