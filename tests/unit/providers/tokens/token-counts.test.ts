/**
 * Token counts against OpenAI's real tokenizer (js-tiktoken's o200k_base): the encoder path is exact, and the
 * per-script estimate used for every other model stays within 10% on English, CJK and code that it was not
 * fitted on, where characters divided by four is off by a factor of two to four.
 */
import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';
import o200k from 'js-tiktoken/ranks/o200k_base';
import { describe, expect, it } from 'vitest';
import { createTokenCounter } from '../../../../lib/providers/tokens/create-token-counter';
import { estimateTokensByScript } from '../../../../lib/providers/tokens/estimate-tokens-by-script';
import { openAiEncodingOf } from '../../../../lib/providers/tokens/openai-encoding-of';
import { TOKEN_SAMPLES } from '../../../fixtures/token-samples';

const real = new Tiktoken(o200k);
const count = (t: string) => real.encode(t, [], []).length;
const error = (estimate: number, actual: number) => Math.abs(estimate - actual) / actual;

describe('estimateTokensByScript', () => {
  for (const [name, text] of Object.entries(TOKEN_SAMPLES)) {
    it(`is within 10% of o200k_base on ${name}`, () => {
      const actual = count(text);
      expect(actual).toBeGreaterThan(100);
      expect(error(estimateTokensByScript(text), actual)).toBeLessThan(0.1);
    });
  }
  it('is where characters divided by four is far off', () => {
    const cjk = TOKEN_SAMPLES['Japanese'];
    expect(error(Math.ceil(cjk.length / 4), count(cjk))).toBeGreaterThan(0.5);
  });
});

describe('createTokenCounter', () => {
  it("counts an OpenAI model's text with its own encoding once prepared, and estimates before", async () => {
    const loads: string[] = [];
    const counter = createTokenCounter({
      loadEncoding: async (name) => {
        loads.push(name);
        return name === 'o200k_base' ? o200k : cl100k;
      },
    });
    const text = TOKEN_SAMPLES['Chinese'];
    expect(counter.counterFor({ modelId: 'gpt-4o-mini' })(text)).toBe(estimateTokensByScript(text));
    await counter.prepare({ modelId: 'gpt-4o-mini' });
    await counter.prepare({ modelId: 'gpt-5' });
    expect(counter.counterFor({ modelId: 'gpt-4o-mini' })(text)).toBe(count(text));
    expect(counter.counterFor({ modelId: 'gpt-4-turbo' })(text)).toBe(estimateTokensByScript(text));
    await counter.prepare({ modelId: 'gpt-4-turbo' });
    expect(counter.counterFor({ modelId: 'gpt-4-turbo' })(text)).toBe(new Tiktoken(cl100k).encode(text).length);
    expect(loads).toEqual(['o200k_base', 'cl100k_base']);
  });
  it('estimates Anthropic and local models, and counts special-token text as plain text', async () => {
    const counter = createTokenCounter({ loadEncoding: async () => o200k });
    await counter.prepare({ modelId: 'claude-sonnet-4-5' });
    expect(counter.counterFor({ modelId: 'claude-sonnet-4-5' })).toBe(estimateTokensByScript);
    expect(counter.counterFor({ modelId: 'llama3.2' })).toBe(estimateTokensByScript);
    await counter.prepare({ modelId: 'gpt-4o' });
    expect(counter.counterFor({ modelId: 'gpt-4o' })('a page that says <|endoftext|>')).toBeGreaterThan(5);
  });
  it('keeps estimating when the encoding cannot be loaded, and tries again next time', async () => {
    let fail = true;
    const counter = createTokenCounter({
      loadEncoding: async () => {
        if (fail) throw new Error('offline');
        return o200k;
      },
    });
    await counter.prepare({ modelId: 'o3' });
    expect(counter.counterFor({ modelId: 'o3' })).toBe(estimateTokensByScript);
    fail = false;
    await counter.prepare({ modelId: 'o3' });
    expect(counter.counterFor({ modelId: 'o3' })('hello world')).toBe(2);
  });
  it('names the encoding by the model id, behind a router prefix too', () => {
    expect(openAiEncodingOf('openai/gpt-4.1-mini')).toBe('o200k_base');
    expect(openAiEncodingOf('gpt-3.5-turbo')).toBe('cl100k_base');
    expect(openAiEncodingOf('qwen3:8b')).toBeUndefined();
  });
});
