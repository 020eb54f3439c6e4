/** Trimming budgets in the model's tokens, not characters: a CJK tool result is cut to a quarter of the budget in tokens. */
import { Tiktoken } from 'js-tiktoken/lite';
import o200k from 'js-tiktoken/ranks/o200k_base';
import { describe, expect, it } from 'vitest';
import { estimateTokens } from '../../../lib/agent/estimate-tokens';
import { trimContext } from '../../../lib/agent/trim-context';
import type { ChatMessage } from '../../../lib/core/chat-message';
import { userMessage } from './harness';

const encoder = new Tiktoken(o200k);
const real = (t: string) => encoder.encode(t, [], []).length;
const result = (output: string): ChatMessage => ({
  role: 'tool',
  content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'read_page', output }],
});
const call: ChatMessage = {
  role: 'assistant',
  content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'read_page', input: {} }],
};

describe('trimContext in tokens', () => {
  const page = '東京は日本の首都であり、江戸時代には江戸と呼ばれていた。'.repeat(400);
  const messages = [userMessage('このページを要約して'), call, result(page), userMessage('続けて')];

  for (const [name, count] of [
    ['the real tokenizer', real],
    ['the per-script estimate', estimateTokens],
  ] as const) {
    it(`keeps a Japanese tool result within a quarter of the budget by ${name}`, () => {
      const budget = 4000;
      const r = trimContext(messages, budget, count);
      const output = (r.messages[2]!.content[0] as { output: string }).output;
      expect(r.cuts?.truncated).toBe(1);
      // By characters / 4 the cut would keep 4,000 characters: about 3,000 real tokens, three quarters of the budget.
      expect(real(output)).toBeLessThanOrEqual(budget / 4 + 60);
      expect(real(output)).toBeGreaterThan(budget / 8);
    });
  }
});
