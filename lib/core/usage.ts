export interface Usage {
  inputTokens: number;
  outputTokens: number;
  /** Prompt tokens served from the provider's cache (OpenAI cached_tokens, Anthropic cache_read_input_tokens). */
  cachedInputTokens: number;
  /** Anthropic cache_creation_input_tokens; 0 elsewhere. */
  cacheWriteTokens: number;
}

/** What each kind of token costs, in USD per million tokens (lib/providers/model-prices.ts computes costs). */
export interface TokenPrices {
  input: number;
  /** Input tokens read from the prompt cache. */
  cachedInput: number;
  /** Anthropic cache writes (OpenAI's caching has no write charge). */
  cacheWrite?: number;
  output: number;
  /**
   * How the vendor counts input: OpenAI's prompt_tokens include the cached ones; Anthropic's input_tokens
   * exclude cache reads and writes.
   */
  inputIncludesCached: boolean;
}
