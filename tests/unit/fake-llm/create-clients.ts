import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import type { FakeLlm } from '../../fake-llm';

/** Official SDK clients pointed at a fake server, with retries set per test. */
export function createClients(llm: FakeLlm, { maxRetries = 0, apiKey = 'sk-test' } = {}) {
  return {
    openai: new OpenAI({ baseURL: llm.openaiBaseUrl, apiKey, maxRetries }),
    anthropic: new Anthropic({ baseURL: llm.anthropicBaseUrl, apiKey, maxRetries }),
  };
}
