/**
 * Folds OpenAI chat.completion.chunk objects into ModelStreamParts. Tool calls arrive as deltas keyed by
 * index (id and name in the first, argument text spread over the rest) and are emitted whole at the end.
 */
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { emptyUsage, type FinishReason, type ModelStreamPart } from './chat-model';
import type { Usage } from '../core/usage';
import { mapOpenAIFinishReason } from './map-openai-finish-reason';
import { ProviderError } from './provider-error';
import { t } from '../util/t';

interface PendingToolCall {
  id: string;
  name: string;
  args: string;
}

export function createOpenAIStreamMapper() {
  const calls = new Map<number, PendingToolCall>();
  let finishReason: FinishReason = 'other';
  let usage: Usage = emptyUsage();
  let finished = false;

  return {
    push(chunk: ChatCompletionChunk): ModelStreamPart[] {
      const parts: ModelStreamPart[] = [];
      if (chunk.usage) {
        usage = {
          inputTokens: chunk.usage.prompt_tokens ?? 0,
          outputTokens: chunk.usage.completion_tokens ?? 0,
          cachedInputTokens: chunk.usage.prompt_tokens_details?.cached_tokens ?? 0,
          cacheWriteTokens: 0,
        };
      }
      for (const choice of chunk.choices ?? []) {
        const delta = choice.delta as ChatCompletionChunk.Choice.Delta & {
          reasoning_content?: string;
          reasoning?: string;
        };
        const reasoning = delta?.reasoning_content ?? delta?.reasoning;
        if (reasoning) parts.push({ type: 'reasoning-delta', delta: reasoning });
        if (delta?.content) parts.push({ type: 'text-delta', delta: delta.content });
        for (const tc of delta?.tool_calls ?? []) {
          let pending = calls.get(tc.index);
          if (!pending) {
            pending = { id: tc.id ?? `call_${tc.index}`, name: tc.function?.name ?? '', args: '' };
            calls.set(tc.index, pending);
            parts.push({ type: 'tool-call-start', toolCallId: pending.id, toolName: pending.name });
          }
          const args = tc.function?.arguments;
          if (args) {
            pending.args += args;
            parts.push({ type: 'tool-call-delta', toolCallId: pending.id, inputDelta: args });
          }
        }
        if (choice.finish_reason) {
          finished = true;
          finishReason = mapOpenAIFinishReason(choice.finish_reason);
        }
      }
      return parts;
    },
    /** The closing parts; a stream that ended without a finish reason was cut off (the connection closed early). */
    finish(): ModelStreamPart[] {
      if (!finished) throw new ProviderError({ code: 'stream_error', message: t('prov_connection_closed') });
      const parts: ModelStreamPart[] = [...calls.values()].map((c) => ({
        type: 'tool-call' as const,
        toolCallId: c.id,
        toolName: c.name,
        input: c.args || '{}',
      }));
      parts.push({ type: 'finish', finishReason, usage });
      return parts;
    },
  };
}
