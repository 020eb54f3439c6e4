import { fakeId } from './fake-id';
import { mapStopReason } from './map-stop-reason';
import { openaiUsage } from './openai-usage';
import type { SseEncoder } from './sse-encoder';
import { sseFrame } from './sse-frame';

/** What an OpenAI stream echoes from its request. */
export interface OpenAiEncoderOptions {
  model: string;
  /** `stream_options.include_usage`: every chunk carries `usage: null` and a usage-only chunk ends the stream. */
  includeUsage: boolean;
}

/**
 * Chat Completions `chat.completion.chunk` frames as OpenAI sends them: the role arrives in the first
 * chunk (with `content: ''` before text, `content: null` merged into the first tool call when the reply
 * starts with one), a tool call's id, type and name come in its first chunk with empty arguments, the
 * finish reason in a chunk with an empty delta, then the usage chunk and `[DONE]`. Reasoning goes in
 * `delta.reasoning_content`, as DeepSeek, vLLM and other OpenAI-compatible servers send it.
 */
export function createOpenAiEncoder({ model, includeUsage }: OpenAiEncoderOptions): SseEncoder {
  const id = fakeId('chatcmpl-', 29);
  const created = Math.floor(Date.now() / 1000);
  const envelope = {
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    service_tier: 'default',
    system_fingerprint: 'fp_fake',
  };
  let roleSent = false;
  let openCall = -1;
  let reasoningChunks = 0;

  const chunk = (delta: object, finishReason: string | null = null) =>
    sseFrame({
      ...envelope,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      ...(includeUsage ? { usage: null } : {}),
    });
  const role = () => {
    if (roleSent) return '';
    roleSent = true;
    return chunk({ role: 'assistant', content: '', refusal: null });
  };

  return {
    open: () => '',
    part(part) {
      switch (part.kind) {
        case 'reasoning':
          reasoningChunks++;
          return role() + chunk({ reasoning_content: part.text });
        case 'text':
          return role() + chunk({ content: part.text });
        case 'tool-args': {
          let out = '';
          if (part.call !== openCall) {
            openCall = part.call;
            const header = {
              index: part.call,
              id: part.id,
              type: 'function',
              function: { name: part.name, arguments: '' },
            };
            out += roleSent
              ? chunk({ tool_calls: [header] })
              : chunk({ role: 'assistant', content: null, tool_calls: [header], refusal: null });
            roleSent = true;
          }
          if (part.text) out += chunk({ tool_calls: [{ index: part.call, function: { arguments: part.text } }] });
          return out;
        }
      }
    },
    finish(outcome) {
      let out = role() + chunk({}, mapStopReason('openai', outcome.stopReason));
      if (includeUsage) {
        const reasoningTokens = Math.min(reasoningChunks, outcome.outputTokens);
        out += sseFrame({ ...envelope, choices: [], usage: openaiUsage(outcome, reasoningTokens) });
      }
      return out + sseFrame('[DONE]');
    },
    error: () =>
      sseFrame({
        error: {
          message: 'The server had an error while processing your request. Sorry about that!',
          type: 'server_error',
          param: null,
          code: null,
        },
      }),
  };
}
