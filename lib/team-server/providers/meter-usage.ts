/**
 * Passes a provider's response through chunk by chunk (nothing is held back) while reading the usage it reports:
 * OpenAI's final chunk (`usage`, with `stream_options.include_usage`) or Anthropic's `message_start` and
 * `message_delta` events; a JSON (non-streaming) body's `usage` at its end.
 */
import type { MeteredTokens } from './provider-usage';
import type { Wire } from './wire-error';

type Usage = Record<string, unknown> | undefined;
const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : 0);

/** Folds one reported usage object into the running totals, in the wire's own field names. */
function foldUsage(wire: Wire, into: MeteredTokens, usage: Usage): void {
  if (!usage) return;
  if (wire === 'openai') {
    into.input = n(usage.prompt_tokens);
    into.output = n(usage.completion_tokens);
    into.cached = n((usage.prompt_tokens_details as Usage)?.cached_tokens);
    return;
  }
  // Anthropic reports input in message_start (and again, cumulatively, in later message_delta events).
  const read = n(usage.cache_read_input_tokens);
  const input = n(usage.input_tokens) + read + n(usage.cache_creation_input_tokens);
  if (input > 0) {
    into.input = input;
    into.cached = read;
  }
  if ('output_tokens' in usage) into.output = n(usage.output_tokens);
}

function usageOfEvent(wire: Wire, event: Record<string, unknown>): Usage {
  if (wire === 'openai') return event.usage as Usage;
  if (event.type === 'message_start') return (event.message as Usage)?.usage as Usage;
  return event.usage as Usage;
}

/**
 * The response body to send on, and the tokens seen so far. `done` is called once with them when the body ends
 * (or is cancelled by the caller), before the stream closes.
 */
export function meterUsage(
  wire: Wire,
  streaming: boolean,
  body: ReadableStream<Uint8Array>,
  done: (tokens: MeteredTokens, seen: boolean) => Promise<void>,
): ReadableStream<Uint8Array> {
  const tokens: MeteredTokens = { input: 0, output: 0, cached: 0 };
  const decoder = new TextDecoder();
  let pending = '';
  let seen = false;
  let finished = false;
  const readLine = (line: string) => {
    if (!line.startsWith('data:')) return;
    const data = line.slice(5).trim();
    if (!data.startsWith('{')) return;
    try {
      const usage = usageOfEvent(wire, JSON.parse(data) as Record<string, unknown>);
      if (usage) {
        seen = true;
        foldUsage(wire, tokens, usage);
      }
    } catch {
      // Not JSON: the caller's SDK will say so; metering only reads what it can.
    }
  };
  const finish = async () => {
    if (finished) return;
    finished = true;
    if (!streaming) {
      try {
        const usage = (JSON.parse(pending) as Record<string, unknown>).usage as Usage;
        if (usage) {
          seen = true;
          foldUsage(wire, tokens, usage);
        }
      } catch {
        // An error body or not JSON: nothing to meter.
      }
    } else if (pending) readLine(pending);
    await done(tokens, seen);
  };
  const meter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      controller.enqueue(chunk);
      pending += decoder.decode(chunk, { stream: true });
      if (!streaming) return;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) readLine(line.replace(/\r$/, ''));
    },
    flush: finish,
  });
  const reader = body.pipeThrough(meter).getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done: ended } = await reader.read();
      if (ended) controller.close();
      else controller.enqueue(value);
    },
    async cancel(reason) {
      await reader.cancel(reason);
      await finish();
    },
  });
}
