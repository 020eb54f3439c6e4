export interface Usage {
  inputTokens: number;
  outputTokens: number;
  /** Prompt tokens served from the provider's cache (OpenAI cached_tokens, Anthropic cache_read_input_tokens). */
  cachedInputTokens: number;
  /** Anthropic cache_creation_input_tokens; 0 elsewhere. */
  cacheWriteTokens: number;
}
