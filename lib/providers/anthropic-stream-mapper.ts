/** Folds Anthropic raw stream events into ModelStreamParts; tool input JSON is emitted whole at block stop. */
import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages/messages';
import { emptyUsage, type FinishReason, type ModelStreamPart } from './chat-model';
import type { Usage } from '../core/usage';
import { mapAnthropicStopReason } from './map-anthropic-stop-reason';
import { ProviderError } from './provider-error';
import { t } from '../util/t';

export function createAnthropicStreamMapper() {
  const toolBlocks = new Map<number, { id: string; name: string; json: string }>();
  let finishReason: FinishReason = 'other';
  const usage: Usage = emptyUsage();
  let finished = false;

  return {
    push(event: RawMessageStreamEvent): ModelStreamPart[] {
      switch (event.type) {
        case 'message_start': {
          const u = event.message.usage;
          usage.inputTokens = u.input_tokens ?? 0;
          usage.cachedInputTokens = u.cache_read_input_tokens ?? 0;
          usage.cacheWriteTokens = u.cache_creation_input_tokens ?? 0;
          usage.outputTokens = u.output_tokens ?? 0;
          return [];
        }
        case 'content_block_start':
          if (event.content_block.type === 'tool_use') {
            const b = event.content_block;
            toolBlocks.set(event.index, { id: b.id, name: b.name, json: '' });
            return [{ type: 'tool-call-start', toolCallId: b.id, toolName: b.name }];
          }
          return [];
        case 'content_block_delta': {
          const d = event.delta;
          if (d.type === 'text_delta') return [{ type: 'text-delta', delta: d.text }];
          if (d.type === 'thinking_delta') return [{ type: 'reasoning-delta', delta: d.thinking }];
          if (d.type === 'signature_delta') return [{ type: 'reasoning-signature', signature: d.signature }];
          if (d.type === 'input_json_delta') {
            const block = toolBlocks.get(event.index);
            if (!block) return [];
            block.json += d.partial_json;
            return [{ type: 'tool-call-delta', toolCallId: block.id, inputDelta: d.partial_json }];
          }
          return [];
        }
        case 'content_block_stop': {
          const block = toolBlocks.get(event.index);
          if (!block) return [];
          toolBlocks.delete(event.index);
          return [{ type: 'tool-call', toolCallId: block.id, toolName: block.name, input: block.json || '{}' }];
        }
        case 'message_delta':
          finished = true;
          finishReason = mapAnthropicStopReason(event.delta.stop_reason);
          if (event.usage?.output_tokens != null) usage.outputTokens = event.usage.output_tokens;
          if (event.usage?.input_tokens != null) usage.inputTokens = event.usage.input_tokens;
          return [];
        default:
          return [];
      }
    },
    /** The closing part; a stream that ended without a stop reason was cut off (the connection closed early). */
    finish(): ModelStreamPart[] {
      if (!finished) throw new ProviderError({ code: 'stream_error', message: t('prov_connection_closed') });
      return [{ type: 'finish', finishReason, usage: { ...usage } }];
    },
  };
}
