/** Limits a models endpoint reports, read through the real SDK listing, and their use over the catalog. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../fake-llm';
import { createChatModel } from '../../../lib/providers/create-chat-model';
import { listModelsWithLimits } from '../../../lib/providers/list-models';
import { readReportedLimits } from '../../../lib/providers/read-reported-limits';

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(() => llm.close());
beforeEach(() => llm.reset());

describe('readReportedLimits', () => {
  it('reads Groq, OpenRouter and Mistral fields, and nothing from a bare entry', () => {
    expect(readReportedLimits({ id: 'llama-3.3-70b-versatile', context_window: 131_072 })).toEqual({
      contextWindowTokens: 131_072,
    });
    expect(
      readReportedLimits({
        id: 'x/y',
        context_length: 65_536,
        supported_parameters: ['tools', 'reasoning', 'temperature'],
      }),
    ).toEqual({ contextWindowTokens: 65_536, tools: true, reasoning: true });
    expect(readReportedLimits({ id: 'x/z', context_length: 8192, supported_parameters: ['temperature'] })).toEqual({
      contextWindowTokens: 8192,
      tools: false,
      reasoning: false,
    });
    expect(
      readReportedLimits({
        id: 'mistral-small-latest',
        max_context_length: 32_768,
        capabilities: { function_calling: true },
      }),
    ).toEqual({ contextWindowTokens: 32_768, tools: true });
    expect(readReportedLimits({ id: 'gpt-4o', object: 'model' })).toBeUndefined();
    expect(readReportedLimits({ id: 'bad', context_window: '131072' })).toBeUndefined();
    expect(readReportedLimits({ id: 'bad', context_window: -5 })).toBeUndefined();
    expect(readReportedLimits(null)).toBeUndefined();
  });
});

describe('listModelsWithLimits', () => {
  it('returns the ids and, by id, the limits the server reported', async () => {
    llm.models = ['llama-3.3-70b-versatile', 'plain-model'];
    llm.modelExtras = { 'llama-3.3-70b-versatile': { context_window: 131_072 } };
    const listed = await listModelsWithLimits({ kind: 'openai-compatible', baseUrl: llm.openaiBaseUrl });
    expect(listed).toEqual({
      models: ['llama-3.3-70b-versatile', 'plain-model'],
      reported: { 'llama-3.3-70b-versatile': { contextWindowTokens: 131_072 } },
    });
  });
});

describe('a saved context window', () => {
  it('beats the catalog, which beats the unknown-model fallback', () => {
    const base = { kind: 'openai-compatible' as const, baseUrl: 'http://localhost:11434/v1' };
    expect(createChatModel({ ...base, model: 'llama3.2' }, undefined).info?.contextWindowTokens).toBe(128_000);
    expect(
      createChatModel({ ...base, model: 'llama3.2', contextWindowTokens: 8192 }, undefined).info?.contextWindowTokens,
    ).toBe(8192);
    expect(createChatModel({ ...base, model: 'unknown-thing' }, undefined).info?.contextWindowTokens).toBe(32_000);
  });
});
