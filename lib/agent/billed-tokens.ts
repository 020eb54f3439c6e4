/**
 * What a step's usage counts against the run's token cap: the tokens the provider bills, with prompt tokens
 * served from its cache counted at their cached weight (a long task re-sends its whole prefix every step, and
 * a provider that caches it bills a fraction of it). Anthropic reports cache reads and writes beside
 * `input_tokens`; OpenAI-format providers count cached tokens inside `prompt_tokens`.
 */
import type { Usage } from '../core/usage';
import { priceOf } from '../providers/model-prices';

/** Cached prompt tokens as a share of full input price, where the model's price is not known. */
export const DEFAULT_CACHED_WEIGHT = { anthropic: 0.1, other: 0.5 } as const;
/** Anthropic's cache writes cost a quarter more than plain input. */
const ANTHROPIC_CACHE_WRITE_WEIGHT = 1.25;

/** The usage as billed tokens, rounded up (an unknown model gets the vendor family's usual cached weight). */
export function billedTokens(usage: Usage, model: { provider: string; modelId: string }): number {
  const anthropic = model.provider === 'anthropic';
  const price = priceOf(model.modelId);
  const cachedWeight = price
    ? price.cachedInput / price.input
    : anthropic
      ? DEFAULT_CACHED_WEIGHT.anthropic
      : DEFAULT_CACHED_WEIGHT.other;
  const writeWeight = price?.cacheWrite !== undefined ? price.cacheWrite / price.input : ANTHROPIC_CACHE_WRITE_WEIGHT;
  const cached = Math.max(0, usage.cachedInputTokens);
  // Anthropic's input_tokens exclude cache reads and writes; OpenAI's prompt_tokens include the cached ones.
  const uncached = anthropic ? usage.inputTokens : Math.max(0, usage.inputTokens - cached);
  const writes = anthropic ? usage.cacheWriteTokens * writeWeight : 0;
  return Math.ceil(uncached + cached * cachedWeight + writes + usage.outputTokens);
}

/** Reported prompt tokens below this share of our own count of what was sent are not believed. */
export const MIN_BELIEVED_PROMPT_SHARE = 0.5;

/**
 * Whether a step's reported usage can be true of the request that was sent (`sentEstimate`: our own count of
 * it, within about 10% of the provider's tokenizers). A provider's report is data from outside: numbers that are
 * not counts, cached tokens beyond the prompt that holds them (OpenAI format), or a prompt reported at under half
 * of what was sent would let a hostile or broken endpoint lift the run's token cap, so the cap then counts our
 * own estimate instead.
 */
export function isBelievableUsage(usage: Usage, model: { provider: string }, sentEstimate: number): boolean {
  const counts = [usage.inputTokens, usage.outputTokens, usage.cachedInputTokens, usage.cacheWriteTokens];
  if (!counts.every((n) => Number.isFinite(n) && n >= 0)) return false;
  const anthropic = model.provider === 'anthropic';
  if (!anthropic && usage.cachedInputTokens > usage.inputTokens) return false;
  const prompt = anthropic ? usage.inputTokens + usage.cachedInputTokens + usage.cacheWriteTokens : usage.inputTokens;
  return prompt >= sentEstimate * MIN_BELIEVED_PROMPT_SHARE;
}
