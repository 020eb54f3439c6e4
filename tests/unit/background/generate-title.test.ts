/** Titles come from the run's own model or from the question itself, never from another provider. */
import { describe, expect, it, vi } from 'vitest';
import { createFakeChatModel } from '../../../lib/agent/testing/fake-chat-model';
import type { ModelRef } from '../../../lib/agent/model-ref';
import { createTitleWriter, firstWordsTitle, TITLE_INSTRUCTION } from '../../../lib/background/generate-title';
import type { ChatModel } from '../../../lib/providers/chat-model';
import { ProviderError } from '../../../lib/providers/provider-error';

const ref: ModelRef = { provider: 'local-ollama', modelId: 'llama3' };

describe('the title writer', () => {
  it('asks exactly the model the run answered with, with the first exchange, and cleans its reply', async () => {
    const model = createFakeChatModel([[{ type: 'text-delta', delta: '"Baking  sourdough bread."' }]]);
    const asked: ModelRef[] = [];
    const write = createTitleWriter(async (r) => {
      asked.push(r);
      return model;
    });
    expect(await write('How do I bake sourdough?', 'Start with a starter.', ref)).toBe('Baking sourdough bread');
    expect(asked).toEqual([ref]);
    expect(model.calls).toHaveLength(1);
    expect(model.calls[0]!.system).toBe(TITLE_INSTRUCTION);
    expect(JSON.stringify(model.calls[0]!.messages)).toContain('How do I bake sourdough?');
  });

  it('gives no title (the local one stays) when the provider is gone, and asks no other model', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const forRef = vi.fn(async (): Promise<ChatModel> => {
      throw new Error('That provider was deleted');
    });
    expect(await createTitleWriter(forRef)('q', 'a', ref)).toBeUndefined();
    expect(forRef).toHaveBeenCalledTimes(1);
    expect(forRef).toHaveBeenCalledWith(ref);
  });

  it('gives no title when the model call fails (unreachable, refused)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const model = createFakeChatModel([
      [{ throw: new ProviderError({ code: 'network', message: 'cannot reach localhost:11434' }) }],
    ]);
    expect(await createTitleWriter(async () => model)('q', 'a', ref)).toBeUndefined();
    expect(model.calls).toHaveLength(1);
  });
});

describe('the local title', () => {
  it('is the question on one line when it is short', () => {
    expect(firstWordsTitle('  What is\n the   capital of France?  ')).toBe('What is the capital of France?');
  });

  it('cuts a long question at the last whole word within 60 characters', () => {
    const q = 'Please compare the three laptops on this page by battery life, weight and price for me';
    const title = firstWordsTitle(q);
    expect(title).toBe('Please compare the three laptops on this page by battery');
    expect(title.length).toBeLessThanOrEqual(60);
    expect(q.startsWith(title)).toBe(true);
  });

  it('cuts text without spaces at 60 characters', () => {
    const q = '東京'.repeat(50);
    expect(firstWordsTitle(q)).toBe(q.slice(0, 60));
  });
});
