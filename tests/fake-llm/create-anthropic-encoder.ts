import { anthropicUsage } from './anthropic-usage';
import { mapStopReason } from './map-stop-reason';
import type { ReplyOutcome } from './reply-outcome';
import type { SseEncoder } from './sse-encoder';
import { sseFrame } from './sse-frame';

/** What an Anthropic stream needs from the request and the script. */
export interface AnthropicEncoderOptions {
  id: string;
  model: string;
  /** Sent as the thinking block's `signature_delta`, just before the block stops (where the API sends it). */
  signature: string;
  /** Known before streaming starts; `message_start` reports the input side. */
  outcome: ReplyOutcome;
}

type OpenBlock = { kind: 'reasoning' | 'text' } | { kind: 'tool'; call: number };

/**
 * Messages API events as Anthropic sends them: `message_start`, `ping`, then per content block
 * `content_block_start` / `content_block_delta`* / `content_block_stop`, then `message_delta` with the stop
 * reason and output tokens, then `message_stop`. Every frame names its event in both `event:` and `type`.
 */
export function createAnthropicEncoder({ id, model, signature, outcome }: AnthropicEncoderOptions): SseEncoder {
  let index = -1;
  let open: OpenBlock | undefined;

  const event = (type: string, body: object = {}) => sseFrame({ type, ...body }, type);
  const closeBlock = () => {
    if (!open) return '';
    let out = '';
    if (open.kind === 'reasoning') {
      out += event('content_block_delta', { index, delta: { type: 'signature_delta', signature } });
    }
    open = undefined;
    return out + event('content_block_stop', { index });
  };
  const startBlock = (next: OpenBlock, block: object) => {
    const out = closeBlock();
    index++;
    open = next;
    return out + event('content_block_start', { index, content_block: block });
  };

  return {
    open: () =>
      event('message_start', {
        message: {
          id,
          type: 'message',
          role: 'assistant',
          model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: anthropicUsage(outcome, 1),
        },
      }) + event('ping'),
    part(part) {
      let out = '';
      switch (part.kind) {
        case 'reasoning':
          if (open?.kind !== 'reasoning')
            out += startBlock({ kind: 'reasoning' }, { type: 'thinking', thinking: '', signature: '' });
          return out + event('content_block_delta', { index, delta: { type: 'thinking_delta', thinking: part.text } });
        case 'text':
          if (open?.kind !== 'text') out += startBlock({ kind: 'text' }, { type: 'text', text: '' });
          return out + event('content_block_delta', { index, delta: { type: 'text_delta', text: part.text } });
        case 'tool-args':
          if (open?.kind !== 'tool' || open.call !== part.call) {
            out += startBlock(
              { kind: 'tool', call: part.call },
              { type: 'tool_use', id: part.id, name: part.name, input: {} },
            );
          }
          return (
            out + event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: part.text } })
          );
      }
    },
    finish: (final: ReplyOutcome) =>
      closeBlock() +
      event('message_delta', {
        delta: { stop_reason: mapStopReason('anthropic', final.stopReason), stop_sequence: null },
        usage: { output_tokens: final.outputTokens },
      }) +
      event('message_stop'),
    error: () => event('error', { error: { type: 'overloaded_error', message: 'Overloaded' } }),
  };
}
