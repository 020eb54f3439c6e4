import type { Server } from 'node:http';
import type { FakeReply, FakeReplySource } from './fake-reply';
import { hasImagePart } from './has-image-part';
import type { RecordedRequest } from './recorded-request';

const defaultFallback: FakeReply = { text: ['ok'] };
const defaultModels = ['gpt-4o-mini', 'claude-sonnet-4-5'];

/** Options of {@link startFakeLlm}. */
export interface StartFakeLlmOptions {
  /** When set, requests whose key is not listed get the vendor's 401. */
  validKeys?: string[];
  /** Port to listen on; default 0, a free one. */
  port?: number;
  /** Called for every request as it is recorded (the CLI logs with it). */
  onRequest?: (request: RecordedRequest) => void;
  /** Answer like Ollama without OLLAMA_ORIGINS: 403 to any request carrying `Origin: chrome-extension://…`. */
  refuseExtensionOrigins?: boolean;
}

/**
 * A running fake LLM server and its script. Replies are taken FIFO by each completion request; the
 * fallback answers when the queue is empty.
 */
export class FakeLlm {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  /** What the openai SDK takes as `baseURL`. */
  readonly openaiBaseUrl: string;
  /** What the Anthropic SDK takes as `baseURL` (it adds `/v1` itself). */
  readonly anthropicBaseUrl: string;
  /** Every request received, oldest first. Cleared in place by {@link reset}, so references stay live. */
  readonly requests: RecordedRequest[] = [];
  /** Returned by `GET /v1/models` in each vendor's format; assign or mutate freely. */
  models: string[] = [...defaultModels];
  /** Extra fields of an OpenAI-format listing entry, by model id (e.g. Groq's `context_window`). */
  modelExtras: Record<string, Record<string, unknown>> = {};

  readonly #server: Server;
  readonly #options: StartFakeLlmOptions;
  readonly #queue: FakeReplySource[] = [];
  readonly #rules: { matches: (req: RecordedRequest) => boolean; reply: FakeReplySource }[] = [];
  #fallback: FakeReplySource = defaultFallback;
  #validKeys: string[] | undefined;
  #refuseExtensionOrigins: boolean;
  #toolsRejection: string | undefined;
  #imagesRejection: string | undefined;
  #closed: Promise<void> | undefined;

  constructor(server: Server, port: number, options: StartFakeLlmOptions) {
    this.#server = server;
    this.#options = options;
    this.#validKeys = options.validKeys;
    this.#refuseExtensionOrigins = options.refuseExtensionOrigins ?? false;
    this.url = `http://127.0.0.1:${port}`;
    this.openaiBaseUrl = `${this.url}/v1`;
    this.anthropicBaseUrl = this.url;
  }

  /** Queues replies; each completion request takes the next one. */
  enqueue(...replies: FakeReplySource[]): void {
    this.#queue.push(...replies);
  }

  /**
   * A standing rule: requests it matches get its reply and leave the queue alone (e.g. the title request an
   * app makes in the background, which would otherwise take a reply scripted for the conversation).
   */
  respondTo(matches: (req: RecordedRequest) => boolean, reply: FakeReplySource): void {
    this.#rules.push({ matches, reply });
  }

  /** The reply used when the queue is empty (default: a short text reply "ok"). */
  setFallback(reply: FakeReplySource): void {
    this.#fallback = reply;
  }

  /** Changes the accepted keys; `undefined` accepts any request. */
  setValidKeys(keys: string[] | undefined): void {
    this.#validKeys = keys;
  }

  /** Switches the Ollama-like refusal of extension origins on or off (see {@link StartFakeLlmOptions}). */
  setRefuseExtensionOrigins(refuse: boolean): void {
    this.#refuseExtensionOrigins = refuse;
  }

  /**
   * Makes completion requests that carry `tools` fail with a 400 and this message, the way a server whose
   * model cannot call tools answers (Ollama: "… does not support tools"); `undefined` accepts tools again.
   */
  rejectTools(message: string | undefined = 'registry.ollama.ai/library/gemma3:latest does not support tools'): void {
    this.#toolsRejection = message;
  }

  /**
   * Makes completion requests that carry an image part fail with a 400 and this message, the way a server whose
   * model takes no images answers (OpenAI for gpt-3.5-turbo: "Invalid content type. image_url is only supported
   * by certain models."); `undefined` accepts images again.
   */
  rejectImages(
    message: string | undefined = 'Invalid content type. image_url is only supported by certain models.',
  ): void {
    this.#imagesRejection = message;
  }

  /** Empties the queue and the record, and restores the fallback, models and keys the server started with. */
  reset(): void {
    this.#queue.length = 0;
    this.#rules.length = 0;
    this.requests.length = 0;
    this.#fallback = defaultFallback;
    this.models = [...defaultModels];
    this.modelExtras = {};
    this.#validKeys = this.#options.validKeys;
    this.#refuseExtensionOrigins = this.#options.refuseExtensionOrigins ?? false;
    this.#toolsRejection = undefined;
    this.#imagesRejection = undefined;
  }

  /** Stops the server. Drops open connections first: Chromium's keep-alive sockets would hold it for minutes. */
  close(): Promise<void> {
    this.#closed ??= new Promise((resolve, reject) => {
      this.#server.closeAllConnections();
      this.#server.close((error) => (error ? reject(error) : resolve()));
    });
    return this.#closed;
  }

  /** Records a request (server side). */
  record(request: RecordedRequest): void {
    this.requests.push(request);
    this.#options.onRequest?.(request);
  }

  /** Whether a request's key passes the current `validKeys` (server side). */
  accepts(key: string | undefined): boolean {
    return !this.#validKeys || (key !== undefined && this.#validKeys.includes(key));
  }

  /** Whether a request is refused for its extension origin (server side). */
  refusesOrigin(origin: string | undefined): boolean {
    return this.#refuseExtensionOrigins && !!origin && origin.startsWith('chrome-extension://');
  }

  /** The 400 message for a completion request that carries tools, when tools are rejected (server side). */
  toolsRejection(body: unknown): string | undefined {
    const tools = (body as { tools?: unknown } | undefined)?.tools;
    return this.#toolsRejection !== undefined && Array.isArray(tools) && tools.length > 0
      ? this.#toolsRejection
      : undefined;
  }

  /** The 400 message for a completion request that carries an image, when images are rejected (server side). */
  imagesRejection(body: unknown): string | undefined {
    return this.#imagesRejection !== undefined && hasImagePart(body) ? this.#imagesRejection : undefined;
  }

  /** Takes the next scripted reply for a completion request (server side). */
  takeReply(request: RecordedRequest): FakeReply {
    const source = this.#rules.find((r) => r.matches(request))?.reply ?? this.#queue.shift() ?? this.#fallback;
    return typeof source === 'function' ? source(request) : source;
  }
}
