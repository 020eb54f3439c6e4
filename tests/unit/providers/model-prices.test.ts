import { describe, expect, it } from 'vitest';
import { costOf, priceOf } from '../../../lib/providers/model-prices';
import { describeAnswerUsage, describeConversationUsage, formatUsd } from '../../../components/ui/describe-usage';
import type { MessageRecord } from '../../../lib/storage/records';
import { sumRunUsage } from '../../../lib/background/sum-run-usage';
import { unpricedFor } from '../../../lib/background/model-resolver';

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
