/** A ChatModel that plays scripted parts (with optional delays) and records every call it received. */
import type { ChatCall, ChatModel, ModelStreamPart } from '../../../lib/providers/chat-model';
import { ProviderError } from '../../../lib/providers/provider-error';

export type Step = ModelStreamPart | { wait: number } | { throw: ProviderError };

export function createScriptedModel(...scripts: Step[][]): ChatModel & { calls: ChatCall[] } {
  const calls: ChatCall[] = [];
  return {
    provider: 'test',
    modelId: 'scripted',
    calls,
    async *stream(call, signal) {
      calls.push(structuredClone(call));
      const script = scripts.shift() ?? [];
      for (const step of script) {
        if ('wait' in step) {
          await new Promise<void>((resolve, reject) => {
            const t = setTimeout(resolve, step.wait);
            signal.addEventListener('abort', () => {
              clearTimeout(t);
              reject(new ProviderError({ code: 'aborted', message: 'Stopped.' }));
            }, { once: true });
          });
        } else if ('throw' in step) {
          throw step.throw;
        } else {
          yield step;
        }
      }
    },
  };
}

export const finish = (): ModelStreamPart => ({ type: 'finish', finishReason: 'stop', usage: { inputTokens: 1, outputTokens: 2, cachedInputTokens: 0, cacheWriteTokens: 0 } });
export const text = (delta: string): ModelStreamPart => ({ type: 'text-delta', delta });
