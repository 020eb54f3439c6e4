import type { RecordedRequest } from './recorded-request';

/** One scripted tool call; `arguments` is the JSON text the model "wrote". */
export interface FakeToolCall {
  /** Defaults to a vendor-shaped id (`call_…` for OpenAI, `toolu_…` for Anthropic). */
  id?: string;
  name: string;
  arguments: string;
  /** How many chunks the argument text is split across when streaming (default 3). */
  splitInto?: number;
}

/**
 * Token counts, reported verbatim in each vendor's fields (no arithmetic, so tests can assert the mapping):
 * inputTokens → OpenAI `prompt_tokens` / Anthropic `input_tokens`; cachedTokens → OpenAI
 * `prompt_tokens_details.cached_tokens` / Anthropic `cache_read_input_tokens`; cacheCreationTokens →
 * Anthropic `cache_creation_input_tokens` (OpenAI has no such field).
 */
export interface FakeUsage {
  inputTokens?: number;
  outputTokens?: number;
  cachedTokens?: number;
  cacheCreationTokens?: number;
}

/**
 * What goes wrong with a reply. `afterChunks` counts scripted chunks (reasoning, text and tool-argument
 * pieces) already sent; a count beyond the script fires right after the last one, before the finish.
 */
export type FakeFault =
  | {
      kind: 'http';
      status: number;
      /** Sent as `retry-after` (seconds), which both SDKs honour. */
      retryAfterSeconds?: number;
      /** Sent as `retry-after-ms`, which both SDKs prefer to `retry-after`; keeps retry tests fast. */
      retryAfterMs?: number;
      message?: string;
    }
  | { kind: 'error-event'; afterChunks: number }
  | { kind: 'drop'; afterChunks: number }
  | { kind: 'stall'; afterChunks: number }
  /** The response ends cleanly but early: no finish reason, no usage, no `[DONE]` / `message_stop`. */
  | { kind: 'end'; afterChunks: number };

/** The stop reasons a script can ask for, mapped to each vendor's own names on the wire. */
export type FakeStopReason = 'stop' | 'length' | 'tool_calls';

/** One scripted model reply; the same script is rendered in whichever wire format the endpoint speaks. */
export interface FakeReply {
  /** Text chunks, one per SSE chunk; a function is called at send time for chunk i until it returns undefined. */
  text?: string[] | ((index: number) => string | undefined);
  /** Delay between chunks. */
  chunkDelayMs?: number;
  /** Reasoning chunks sent before the text (Anthropic thinking block; OpenAI-compatible `reasoning_content`). */
  reasoning?: string[];
  /** Signature of the Anthropic thinking block (default: a fixed base64 string). */
  reasoningSignature?: string;
  toolCalls?: FakeToolCall[];
  usage?: FakeUsage;
  /** Default: `tool_calls` when tool calls are scripted, else `stop`. */
  stopReason?: FakeStopReason;
  fault?: FakeFault;
}

/** A reply, or a function choosing one from the request that takes it. */
export type FakeReplySource = FakeReply | ((req: RecordedRequest) => FakeReply);
