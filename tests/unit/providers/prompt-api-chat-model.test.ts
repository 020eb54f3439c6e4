/** Chrome's built-in model adapter against a fake `LanguageModel` of the documented shape. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatCall, ModelStreamPart } from '../../../lib/providers/chat-model';
import { createChatModel } from '../../../lib/providers/create-chat-model';
import { describeBuiltinModel } from '../../../lib/providers/describe-builtin-model';
import {
  findLanguageModel,
  type LanguageModelApi,
  type LanguageModelAvailability,
  type LanguageModelCreateOptions,
} from '../../../lib/providers/language-model-api';
import { mapPromptApiMessages } from '../../../lib/providers/map-prompt-api-messages';
import { createPromptApiChatModel } from '../../../lib/providers/prompt-api-chat-model';
import { ProviderError } from '../../../lib/providers/provider-error';
import { inGerman } from './in-german';

/** A fake of the documented API that records sessions and streams scripted chunks as a ReadableStream. */
function fakeLanguageModel(availability: LanguageModelAvailability, chunks: string[] = ['Hel', 'lo']) {
  const created: { options: LanguageModelCreateOptions; prompts: string[]; destroyed: boolean }[] = [];
  const api: LanguageModelApi = {
    availability: async () => availability,
    async create(options = {}) {
      const record = { options, prompts: [] as string[], destroyed: false };
      created.push(record);
      return {
        contextUsage: 42,
        promptStreaming(input: string) {
          record.prompts.push(input);
          return new ReadableStream<string>({
            start(controller) {
              for (const c of chunks) controller.enqueue(c);
              controller.close();
            },
          });
        },
        destroy() {
          record.destroyed = true;
        },
      };
    },
  };
  return { api, created };
}

const call: ChatCall = {
  system: 'You are Tabwise.',
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'first' }] },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'answer' },
        { type: 'tool-call', toolCallId: 't1', toolName: 'read_page', input: {} },
      ],
    },
    { role: 'tool', content: [{ type: 'tool-result', toolCallId: 't1', toolName: 'read_page', output: 'page text' }] },
    { role: 'user', content: [{ type: 'text', text: 'second' }] },
  ],
};

async function collect(stream: AsyncIterable<ModelStreamPart>) {
  const parts: ModelStreamPart[] = [];
  for await (const p of stream) parts.push(p);
  return parts;
}

describe('Prompt API messages', () => {
  it('seeds the session with the system prompt and history and prompts with the last user message', () => {
    expect(mapPromptApiMessages(call)).toEqual({
      initialPrompts: [
        { role: 'system', content: 'You are Tabwise.' },
        { role: 'user', content: 'first' },
        { role: 'assistant', content: 'answer[called read_page]' },
        { role: 'user', content: '[read_page returned]\npage text' },
      ],
      prompt: 'second',
    });
  });
});

describe('Prompt API chat model', () => {
  it("streams the session's chunks as text and finishes, then destroys the session", async () => {
    const fake = fakeLanguageModel('available');
    const model = createPromptApiChatModel({ modelId: 'gemini-nano', languageModel: () => fake.api });
    const parts = await collect(model.stream(call, new AbortController().signal));
    expect(parts).toEqual([
      { type: 'text-delta', delta: 'Hel' },
      { type: 'text-delta', delta: 'lo' },
      {
        type: 'finish',
        finishReason: 'stop',
        usage: { inputTokens: 42, outputTokens: 2, cachedInputTokens: 0, cacheWriteTokens: 0 },
      },
    ]);
    expect(fake.created).toHaveLength(1);
    expect(fake.created[0]!.options.initialPrompts?.[0]).toEqual({ role: 'system', content: 'You are Tabwise.' });
    expect(fake.created[0]!.prompts).toEqual(['second']);
    expect(fake.created[0]!.destroyed).toBe(true);
  });

  it('says why when Chrome has no such API or reports it unavailable, without creating a session', async () => {
    const missing = createPromptApiChatModel({ modelId: 'gemini-nano', languageModel: () => undefined });
    await expect(collect(missing.stream(call, new AbortController().signal))).rejects.toThrow(/no built-in model/);
    const fake = fakeLanguageModel('unavailable');
    const unavailable = createPromptApiChatModel({ modelId: 'gemini-nano', languageModel: () => fake.api });
    const error = await collect(unavailable.stream(call, new AbortController().signal)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toMatch(/cannot run on this device/);
    expect(fake.created).toHaveLength(0);
  });

  it('is a keyless provider kind without tools or images: the call it gets carries none', async () => {
    const model = createChatModel({ kind: 'chrome-builtin', baseUrl: '', model: 'gemini-nano' }, undefined);
    expect(model.info).toMatchObject({ tools: false, images: false, known: true });
  });
});

describe('describeBuiltinModel', () => {
  it('turns each availability into a sentence, and a missing API into the reason', async () => {
    expect(await describeBuiltinModel(undefined)).toMatchObject({
      availability: 'missing',
      message: expect.stringMatching(/Chrome 138/),
    });
    expect(await describeBuiltinModel(fakeLanguageModel('downloading').api)).toMatchObject({
      availability: 'downloading',
      message: expect.stringMatching(/^Downloading/),
    });
    expect(await describeBuiltinModel(fakeLanguageModel('downloadable').api)).toMatchObject({
      message: expect.stringMatching(/download/),
    });
    expect(await describeBuiltinModel(fakeLanguageModel('available').api)).toMatchObject({
      message: expect.stringMatching(/^Ready/),
    });
  });

  it("says it in the user's language", async () => {
    inGerman();
    expect(await describeBuiltinModel(fakeLanguageModel('available').api)).toMatchObject({
      message: 'Bereit: Das Modell ist auf diesem Computer.',
    });
    expect(await describeBuiltinModel(undefined)).toMatchObject({
      message: expect.stringMatching(/^Nicht verfügbar: .*Chrome 138/),
    });
  });

  afterEach(() => vi.restoreAllMocks());

  it('finds the API only when it has the documented methods', () => {
    expect(findLanguageModel({})).toBeUndefined();
    expect(findLanguageModel({ LanguageModel: { create: () => 0 } })).toBeUndefined();
    const api = fakeLanguageModel('available').api;
    expect(findLanguageModel({ LanguageModel: api })).toBe(api);
  });
});
