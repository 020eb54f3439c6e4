/**
 * List prices of known models (USD per million tokens), the one table the panel's cost figures come from, and
 * what a response's usage cost. Unknown models get no price: the panel then shows tokens only. Prices change;
 * this table is what the vendors published for these model families (standard tier, no batch discount).
 */
import type { Usage } from '../core/usage';

export interface ModelPrice {
  /** Matched against the model id (after any "vendor/" prefix): the longest matching prefix wins. */
  prefix: string;
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

const openai = (prefix: string, input: number, cachedInput: number, output: number): ModelPrice => ({
  prefix,
  input,
  cachedInput,
  output,
  inputIncludesCached: true,
});
const anthropic = (prefix: string, input: number, output: number): ModelPrice => ({
  prefix,
  input,
  cachedInput: input / 10,
  cacheWrite: input * 1.25,
  output,
  inputIncludesCached: false,
});

export const MODEL_PRICES: readonly ModelPrice[] = [
  openai('gpt-4o', 2.5, 1.25, 10),
  openai('gpt-4o-mini', 0.15, 0.075, 0.6),
  openai('gpt-4.1', 2, 0.5, 8),
  openai('gpt-4.1-mini', 0.4, 0.1, 1.6),
  openai('gpt-4.1-nano', 0.1, 0.025, 0.4),
  openai('o3', 2, 0.5, 8),
  openai('o4-mini', 1.1, 0.275, 4.4),
  anthropic('claude-opus-4', 15, 75),
  anthropic('claude-sonnet-4', 3, 15),
  anthropic('claude-3-7-sonnet', 3, 15),
  anthropic('claude-3-5-sonnet', 3, 15),
  anthropic('claude-haiku-4', 1, 5),
  anthropic('claude-3-5-haiku', 0.8, 4),
];

export function priceOf(modelId: string): ModelPrice | undefined {
  const id = modelId.toLowerCase().replace(/^.*\//, '');
  let best: ModelPrice | undefined;
  for (const p of MODEL_PRICES)
    if (id.startsWith(p.prefix) && (!best || p.prefix.length > best.prefix.length)) best = p;
  return best;
}

export interface UsageCost {
  /** What the response cost at list price. */
  costUsd: number;
  /** What the prompt cache saved against paying full input price for the cached tokens. */
  savedUsd: number;
}

export function costOf(price: ModelPrice, usage: Usage): UsageCost {
  const perToken = (usd: number) => usd / 1_000_000;
  const uncached = price.inputIncludesCached
    ? Math.max(0, usage.inputTokens - usage.cachedInputTokens)
    : usage.inputTokens;
  const costUsd =
    uncached * perToken(price.input) +
    usage.cachedInputTokens * perToken(price.cachedInput) +
    usage.cacheWriteTokens * perToken(price.cacheWrite ?? price.input) +
    usage.outputTokens * perToken(price.output);
  return { costUsd, savedUsd: usage.cachedInputTokens * perToken(price.input - price.cachedInput) };
}
