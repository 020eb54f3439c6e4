/**
 * List prices of known models (USD per million tokens), the one table the panel's cost figures come from, and
 * what a response's usage cost. Unknown models get no price: the panel then shows tokens only. Prices change;
 * this table is what the vendors published for these model families (standard tier, no batch discount).
 * A custom or local server is never priced from this table: only a price the user set for its model counts.
 */
import type { ProviderConfig, UserModelPrice } from '../core/provider-config';
import type { TokenPrices, Usage } from '../core/usage';

export type { TokenPrices };

export interface ModelPrice extends TokenPrices {
  /** Matched against the model id (after any "vendor/" prefix): the longest matching prefix wins. */
  prefix: string;
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

export function costOf(price: TokenPrices, usage: Usage): UsageCost {
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

/** The vendors whose list prices the panel knows, at their own endpoints. */
const LIST_PRICED_HOSTS: Partial<Record<ProviderConfig['kind'], string>> = {
  openai: 'api.openai.com',
  anthropic: 'api.anthropic.com',
};

/** `{ unpriced: true }` unless the provider is a vendor at its own endpoint (a custom server's cost is unknown). */
export function unpricedFor(p: Pick<ProviderConfig, 'kind' | 'baseUrl'>): { unpriced?: true } {
  const host = LIST_PRICED_HOSTS[p.kind];
  if (!host) return { unpriced: true };
  if (!p.baseUrl) return {};
  return URL.canParse(p.baseUrl) && new URL(p.baseUrl).hostname === host ? {} : { unpriced: true };
}

/**
 * The user's price for a model as token prices: cached tokens at the full input price (a discount the user did
 * not set is not assumed), input counted as the provider's wire counts it (Anthropic's excludes the cache).
 */
export function userTokenPrices(price: UserModelPrice, kind: ProviderConfig['kind']): TokenPrices {
  const anthropic = kind === 'anthropic';
  return {
    input: price.input,
    cachedInput: price.input,
    ...(anthropic ? { cacheWrite: price.input } : {}),
    output: price.output,
    inputIncludesCached: !anthropic,
  };
}

/**
 * How an answer from `modelId` of this provider is priced: a vendor at its own endpoint by the list above
 * (nothing to stamp); a custom server by the price the user set for that model, else not at all.
 */
export function pricingFor(
  p: Pick<ProviderConfig, 'kind' | 'baseUrl' | 'prices'>,
  modelId: string,
): { unpriced?: true; price?: TokenPrices } {
  const unpriced = unpricedFor(p);
  const own = unpriced.unpriced ? p.prices?.[modelId] : undefined;
  return own ? { ...unpriced, price: userTokenPrices(own, p.kind) } : unpriced;
}
