import { describe, expect, it } from 'vitest';
import { costOf, priceOf, pricingFor, unpricedFor, userTokenPrices } from '../../../lib/providers/model-prices';
import { providerConfigSchema } from '../../../lib/core/provider-config';
import { describeAnswerUsage, describeConversationUsage, formatUsd } from '../../../components/ui/describe-usage';
import type { MessageRecord } from '../../../lib/storage/records';
import { sumRunUsage } from '../../../lib/background/sum-run-usage';

const usage = (inputTokens: number, outputTokens: number, cachedInputTokens = 0, cacheWriteTokens = 0) => ({
  inputTokens,
  outputTokens,
  cachedInputTokens,
  cacheWriteTokens,
});
const answer = (model: string, u: ReturnType<typeof usage>): MessageRecord => ({
  id: model,
  conversationId: 'c',
  role: 'assistant',
  text: 'x',
  status: 'complete',
  createdAt: 1,
  model,
  usage: u,
});

describe('model prices', () => {
  it('matches the longest prefix, ignoring a vendor prefix; unknown models have no price', () => {
    expect(priceOf('gpt-4o-mini-2024-07-18')!.prefix).toBe('gpt-4o-mini');
    expect(priceOf('gpt-4o')!.prefix).toBe('gpt-4o');
    expect(priceOf('openai/gpt-4.1-nano')!.prefix).toBe('gpt-4.1-nano');
    expect(priceOf('claude-sonnet-4-5-20250929')!.prefix).toBe('claude-sonnet-4');
    expect(priceOf('llama3.1:8b')).toBeUndefined();
  });

  it('OpenAI counts cached tokens inside prompt_tokens; Anthropic counts reads and writes apart', () => {
    const oai = costOf(priceOf('gpt-4o-mini')!, usage(1000, 200, 400));
    expect(oai.costUsd).toBeCloseTo((600 * 0.15 + 400 * 0.075 + 200 * 0.6) / 1e6, 12);
    expect(oai.savedUsd).toBeCloseTo((400 * 0.075) / 1e6, 12);
    const ant = costOf(priceOf('claude-sonnet-4-5')!, usage(100, 50, 2000, 1000));
    expect(ant.costUsd).toBeCloseTo((100 * 3 + 2000 * 0.3 + 1000 * 3.75 + 50 * 15) / 1e6, 12);
    expect(ant.savedUsd).toBeCloseTo((2000 * 2.7) / 1e6, 12);
  });

  it('the panel shows tokens always, cost and savings for priced models, and a conversation cost only when all are priced', () => {
    expect(describeAnswerUsage(answer('Fake · gpt-4o-mini', usage(1000, 200, 400)))).toEqual({
      tokens: '1,000 in · 200 out · 400 cached',
      cost: '$0.00024',
      saved: '$0.00003',
    });
    expect(describeAnswerUsage(answer('Local · llama3', usage(10, 5)))).toEqual({ tokens: '10 in · 5 out' });
    expect(
      describeConversationUsage([answer('A · gpt-4o', usage(1_000_000, 0)), answer('B · gpt-4o', usage(0, 100_000))]),
    ).toEqual({ tokens: '1,000,000 in · 100,000 out', cost: '$3.50' });
    expect(describeConversationUsage([answer('A · gpt-4o', usage(10, 0)), answer('B · llama', usage(5, 5))])).toEqual({
      tokens: '15 in · 5 out',
    });
    expect(formatUsd(0.0001234)).toBe('$0.000123');
  });

  it('a custom or local server shows no price, whatever its model is called; the vendor at its own endpoint does', () => {
    const viaProxy = { ...answer('proxy.example · gpt-4o-mini', usage(1000, 200)), unpriced: true as const };
    expect(describeAnswerUsage(viaProxy)).toEqual({ tokens: '1,000 in · 200 out' });
    expect(describeConversationUsage([answer('OpenAI · gpt-4o', usage(10, 0)), viaProxy])).toEqual({
      tokens: '1,010 in · 200 out',
    });
    expect(unpricedFor({ kind: 'openai', baseUrl: 'https://api.openai.com/v1' })).toEqual({});
    expect(unpricedFor({ kind: 'anthropic', baseUrl: '' })).toEqual({});
    expect(unpricedFor({ kind: 'openai', baseUrl: 'https://openrouter.ai/api/v1' })).toEqual({ unpriced: true });
    expect(unpricedFor({ kind: 'openai-compatible', baseUrl: 'http://localhost:11434/v1' })).toEqual({
      unpriced: true,
    });
    expect(unpricedFor({ kind: 'azure-openai', baseUrl: 'https://me.openai.azure.com' })).toEqual({ unpriced: true });
  });

  it("a conversation's totals count every version of an answer, the ones not shown too", () => {
    const regenerated: MessageRecord = {
      ...answer('A · gpt-4o', usage(1_000_000, 0)),
      otherVersions: [{ text: 'earlier', status: 'complete', model: 'A · gpt-4o', usage: usage(0, 100_000) }],
    };
    expect(describeAnswerUsage(regenerated)).toEqual({ tokens: '1,000,000 in · 0 out', cost: '$2.50' });
    expect(describeConversationUsage([regenerated])).toEqual({ tokens: '1,000,000 in · 100,000 out', cost: '$3.50' });
  });

  it('a custom server whose model the catalog knows by name still has no made-up price; one the user set is used', () => {
    const ollama = { kind: 'openai-compatible' as const, baseUrl: 'http://localhost:11434/v1' };
    // Named like a priced model, served by a local server: unknown, not OpenAI's list price.
    expect(pricingFor(ollama, 'gpt-4o-mini')).toEqual({ unpriced: true });
    expect(pricingFor({ ...ollama, prices: { 'llama3.2': { input: 0.2, output: 0.8 } } }, 'gpt-4o-mini')).toEqual({
      unpriced: true,
    });
    const set = pricingFor({ ...ollama, prices: { 'llama3.2': { input: 0.2, output: 0.8 } } }, 'llama3.2');
    expect(set).toEqual({
      unpriced: true,
      price: { input: 0.2, cachedInput: 0.2, output: 0.8, inputIncludesCached: true },
    });
    // Cached tokens at the full input price (no discount the user did not set); nothing saved.
    const priced = { ...answer('Ollama · llama3.2', usage(1_000_000, 500_000, 200_000)), unpriced: true as const };
    expect(describeAnswerUsage({ ...priced, price: set.price })).toEqual({
      tokens: '1,000,000 in · 500,000 out · 200,000 cached',
      cost: '$0.60',
    });
    expect(describeAnswerUsage(priced)).toEqual({ tokens: '1,000,000 in · 500,000 out · 200,000 cached' });
    // The conversation's cost needs every answer priced: one answer before the price was set leaves it unknown.
    expect(describeConversationUsage([{ ...priced, price: set.price }, priced])).toEqual({
      tokens: '2,000,000 in · 1,000,000 out · 400,000 cached',
    });
    expect(
      describeConversationUsage([
        { ...priced, price: set.price },
        { ...priced, price: set.price },
      ])?.cost,
    ).toBe('$1.20');
    // A price of 0 is a price (a free local model): the cost shows as $0.
    expect(
      describeAnswerUsage({ ...priced, price: userTokenPrices({ input: 0, output: 0 }, 'openai-compatible') })?.cost,
    ).toBe('$0');
    // An Anthropic-wire proxy counts cache reads and writes apart from input_tokens.
    expect(userTokenPrices({ input: 3, output: 15 }, 'anthropic')).toEqual({
      input: 3,
      cachedInput: 3,
      cacheWrite: 3,
      output: 15,
      inputIncludesCached: false,
    });
    // The vendor at its own endpoint is priced from the list, whatever the user stored.
    expect(
      pricingFor({ kind: 'openai', baseUrl: '', prices: { 'gpt-4o': { input: 99, output: 99 } } }, 'gpt-4o'),
    ).toEqual({});
  });

  it('a price the user sets is validated with the provider: non-negative numbers, both of them', () => {
    const config = { kind: 'openai-compatible', name: 'Local', baseUrl: 'http://localhost:1234/v1', model: 'qwen' };
    expect(providerConfigSchema.safeParse({ ...config, prices: { qwen: { input: 0.1, output: 0.4 } } }).success).toBe(
      true,
    );
    expect(providerConfigSchema.safeParse({ ...config, prices: { qwen: { input: -1, output: 0.4 } } }).success).toBe(
      false,
    );
    expect(
      providerConfigSchema.safeParse({ ...config, prices: { qwen: { input: Number.NaN, output: 1 } } }).success,
    ).toBe(false);
    expect(providerConfigSchema.safeParse({ ...config, prices: { qwen: { input: 1 } } }).success).toBe(false);
    expect(providerConfigSchema.safeParse(config).success).toBe(true);
  });

  it("a run's usage is the sum of its steps, sub-agents included", () => {
    const u = sumRunUsage([
      { type: 'usage', runId: 'r', step: 0, usage: usage(10, 2, 1) },
      {
        type: 'nested',
        runId: 'r',
        parentToolCallId: 't',
        event: { type: 'usage', runId: 's', step: 0, usage: usage(5, 1) },
      },
      { type: 'usage', runId: 'r', step: 1, usage: usage(20, 3, 4, 2) },
    ]);
    expect(u).toEqual(usage(35, 6, 5, 2));
  });
});
