/**
 * ChatModel over Chrome's built-in model (the Prompt API). One session per call, seeded with the system
 * prompt and the history, prompted with the last message; plain text out, no tools. It runs where the
 * service worker runs the agent: Chrome exposes `LanguageModel` to extension workers and windows alike
 * (Chrome 138+); where it does not, the call fails with a message saying so.
 */
import { emptyUsage, type ChatCall, type ChatModel, type ModelStreamPart } from './chat-model';
import { builtinMissingMessage } from './describe-builtin-model';
import { findLanguageModel, type LanguageModelApi } from './language-model-api';
import { mapPromptApiMessages } from './map-prompt-api-messages';
import { ProviderError } from './provider-error';
import { t } from '../util/t';

export interface PromptApiChatModelOptions {
  modelId: string;
  /** Injectable for tests; default: this context's global `LanguageModel`. */
  languageModel?: () => LanguageModelApi | undefined;
}

export function createPromptApiChatModel(options: PromptApiChatModelOptions): ChatModel {
  const resolve = options.languageModel ?? (() => findLanguageModel());
  return {
    provider: 'chrome-builtin',
    modelId: options.modelId,
    async *stream(call: ChatCall, signal: AbortSignal): AsyncIterable<ModelStreamPart> {
      const api = resolve();
      if (!api) throw new ProviderError({ code: 'not_found', message: builtinMissingMessage() });
      let session;
      try {
        const availability = await api.availability();
        if (availability === 'unavailable') {
          throw new ProviderError({ code: 'not_found', message: t('prov_builtin_cannot_run') });
        }
        const { initialPrompts, prompt } = mapPromptApiMessages(call);
        session = await api.create({ initialPrompts, signal });
        const reader = session.promptStreaming(prompt, { signal }).getReader();
        let chunks = 0;
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          if (value) {
            chunks++;
            yield { type: 'text-delta', delta: value };
          }
        }
        const usage = emptyUsage();
        usage.inputTokens = session.contextUsage ?? session.inputUsage ?? 0;
        usage.outputTokens = chunks;
        yield { type: 'finish', finishReason: 'stop', usage };
      } catch (error) {
        if (error instanceof ProviderError) throw error;
        if (signal.aborted) throw new ProviderError({ code: 'aborted', message: t('prov_stopped'), cause: error });
        const message = error instanceof Error ? error.message : String(error);
        throw new ProviderError({ code: 'unknown', message: t('prov_builtin_failed', message), cause: error });
      } finally {
        session?.destroy();
      }
    },
  };
}
