import type { ReplyOutcome } from './reply-outcome';

/** The `usage` object of an Anthropic message (`output_tokens` as given: 1 in `message_start`, as the API does). */
export function anthropicUsage(outcome: ReplyOutcome, outputTokens = outcome.outputTokens) {
  return {
    input_tokens: outcome.inputTokens,
    cache_creation_input_tokens: outcome.cacheCreationTokens,
    cache_read_input_tokens: outcome.cachedTokens,
    output_tokens: outputTokens,
    service_tier: 'standard',
  };
}
