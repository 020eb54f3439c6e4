/** The token cap counts what the provider bills: cached prompt tokens at their cached weight. */
import { describe, expect, it } from 'vitest';
import { billedTokens, isBelievableUsage } from '../../../lib/agent/billed-tokens';
import { RUN_LIMITS } from '../../../lib/agent/run-settings';
import { textReply, toolCallsReply } from '../../../lib/agent/testing/fake-chat-model';
import type { Usage } from '../../../lib/core/usage';
import { echoTool, setup } from './harness';

const usage = (u: Partial<Usage>): Usage => ({
  inputTokens: 0,
  outputTokens: 0,
  cachedInputTokens: 0,
  cacheWriteTokens: 0,
  ...u,
});

describe('billedTokens', () => {
  it("OpenAI format: cached tokens are inside prompt_tokens and count at the model's cached price share", () => {
    // gpt-4.1: $2 input, $0.50 cached: a cached token weighs a quarter.
    expect(
      billedTokens(usage({ inputTokens: 10_000, cachedInputTokens: 8_000, outputTokens: 100 }), {
        provider: 'openai',
        modelId: 'gpt-4.1',
      }),
    ).toBe(2_000 + 2_000 + 100);
  });

  it('Anthropic: reads and writes are beside input_tokens, at a tenth and at 1.25', () => {
    expect(
      billedTokens(usage({ inputTokens: 500, cachedInputTokens: 9_000, cacheWriteTokens: 400, outputTokens: 50 }), {
        provider: 'anthropic',
        modelId: 'claude-sonnet-4-5',
      }),
    ).toBe(500 + 900 + 500 + 50);
  });

  it('an unknown model on an OpenAI-compatible server: cached tokens at half', () => {
    expect(
      billedTokens(usage({ inputTokens: 1_000, cachedInputTokens: 600, outputTokens: 10 }), {
        provider: 'openai-compatible',
        modelId: 'llama3.1:8b',
      }),
    ).toBe(400 + 300 + 10);
  });

  it('without caching it is input plus output, as before', () => {
    expect(billedTokens(usage({ inputTokens: 1_234, outputTokens: 66 }), { provider: 'openai', modelId: 'x' })).toBe(
      1_300,
    );
  });
});

/** A step of a long task on a 10k-token page: the whole prompt re-sent, its prefix served from the cache. */
function stepUsage(step: number, cached: boolean): Partial<Usage> {
  const prompt = 4_000 + 10_000 + 600 * step; // system and tools, the page's snapshot, what the task added
  const prefix = cached && step > 0 ? 4_000 + 10_000 + 600 * (step - 1) : 0;
  return { inputTokens: prompt, cachedInputTokens: prefix, outputTokens: 80 };
}

function thirtyStepTask(cached: boolean) {
  const echo = echoTool('echo');
  const scripts = Array.from({ length: 30 }, (_, i) => [
    ...toolCallsReply([{ id: `t${i}`, name: 'echo', input: { value: String(i) } }]).slice(0, -1),
    { type: 'finish' as const, finishReason: 'tool-calls' as const, usage: { ...usage(stepUsage(i, cached)) } },
  ]);
  scripts.push(textReply('booked', 1, stepUsage(30, cached)));
  return setup({ tools: [echo.tool], scripts });
}

describe('the token cap on a long task', () => {
  it('the default fits a 30-step task on a 10k-token page, cached prefix or not', async () => {
    expect(RUN_LIMITS.maxRunTokens.default).toBeGreaterThanOrEqual(1_000_000);
    for (const cached of [true, false]) {
      const s = thirtyStepTask(cached);
      const r = await (await s.start('book', { maxSteps: 50 })).done;
      expect(r.reason).toBe('stop');
      expect(s.model.calls).toHaveLength(31);
    }
  });

  it('stays enforced: the cap counts billed tokens, so a cached run gets further than an uncached one', async () => {
    // Uncached, each step bills about 14k-32k tokens: 100k is spent within 6 steps.
    const uncached = thirtyStepTask(false);
    const a = await (await uncached.start('book', { maxSteps: 50, maxRunTokens: 100_000 })).done;
    expect(a.reason).toBe('error');
    expect(a.error?.code).toBe('token_budget');
    expect(uncached.model.calls.length).toBeLessThan(8);
    // Cached (unknown model: half weight), each step bills about half: it gets about twice as far, and still stops.
    const cached = thirtyStepTask(true);
    const b = await (await cached.start('book', { maxSteps: 50, maxRunTokens: 100_000 })).done;
    expect(b.error?.code).toBe('token_budget');
    expect(cached.model.calls.length).toBeGreaterThan(uncached.model.calls.length + 3);
  });
});

describe('a usage report that cannot be true is not believed', () => {
  const openai = { provider: 'openai-compatible' };
  it('believes counts that fit what was sent, with caching', () => {
    expect(isBelievableUsage(usage({ inputTokens: 3_000, cachedInputTokens: 2_800 }), openai, 3_100)).toBe(true);
    expect(
      isBelievableUsage(
        usage({ inputTokens: 200, cachedInputTokens: 2_800, cacheWriteTokens: 100 }),
        { provider: 'anthropic' },
        3_100,
      ),
    ).toBe(true);
  });
  it('refuses numbers that are not counts, cached tokens beyond the prompt, and a prompt under half of what was sent', () => {
    expect(isBelievableUsage(usage({ inputTokens: Number.NaN }), openai, 10)).toBe(false);
    expect(isBelievableUsage(usage({ inputTokens: 5_000, outputTokens: -4_000 }), openai, 10)).toBe(false);
    expect(isBelievableUsage(usage({ inputTokens: Infinity }), openai, 10)).toBe(false);
    expect(isBelievableUsage(usage({ inputTokens: 3_000, cachedInputTokens: 9_000 }), openai, 3_000)).toBe(false);
    expect(isBelievableUsage(usage({ inputTokens: 1, outputTokens: 1 }), openai, 3_000)).toBe(false);
    expect(isBelievableUsage(usage({ inputTokens: 1, cachedInputTokens: 10 }), { provider: 'anthropic' }, 3_000)).toBe(
      false,
    );
  });

  it('a provider that reports 1 token a step cannot lift the cap: each step counts what was sent', async () => {
    const echo = echoTool('echo');
    const tiny = { inputTokens: 1, cachedInputTokens: 0, cacheWriteTokens: 0, outputTokens: 1 };
    const scripts = Array.from({ length: 40 }, (_, i) => [
      ...toolCallsReply([{ id: `t${i}`, name: 'echo', input: { value: 'x'.repeat(4_000) } }]).slice(0, -1),
      { type: 'finish' as const, finishReason: 'tool-calls' as const, usage: tiny },
    ]);
    const s = setup({ tools: [echo.tool], scripts });
    const r = await (await s.start('go', { maxSteps: 50, maxRunTokens: 20_000 })).done;
    expect(r.error?.code).toBe('token_budget');
    expect(s.model.calls.length).toBeLessThan(20);
  });
});
