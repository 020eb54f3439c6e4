/**
 * The sending end of a protocol: a typed `send(name, input)` whose reply type comes from the protocol's
 * routes, errors thrown as RemoteError, and the retries a protocol's policy allows. No schema is involved:
 * the envelope's shape is checked with a plain guard, so a content script can send without zod.
 */
import type { InputOf, NameOf, OutputOf, Protocol, Routes } from './define-protocol';
import { isEnvelope } from './envelope';
import { classifySendFailure } from './classify-send-failure';
import { RemoteError } from './remote-error';
import { noRetry, type RetryPolicy } from './retry-policy';
import type { Validator } from './validator';
import type { WireMessage } from './wire-message';

/** Delivers one message and resolves with the raw reply (chrome.runtime.sendMessage, or chrome.tabs.sendMessage to a frame). */
export type Post = (message: WireMessage) => Promise<unknown>;

export interface SendOptions {
  post?: Post;
  retry?: RetryPolicy;
  /** Stops retrying (the last failure is thrown); a try already sent is not recalled. */
  signal?: AbortSignal;
  /** Waits between tries (injectable for tests). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Options fixed when the sender is created. */
export interface SenderOptions<R extends Routes> extends SendOptions {
  /**
   * Checks a reply's value, for a receiver the caller must not trust (a content script in a web page
   * answering the worker). Other replies are typed by the protocol: the receiver built them from its
   * handler's typed result.
   */
  replies?: { [K in NameOf<R>]?: Validator<OutputOf<R, K>> };
}

export type Send<R extends Routes> = <K extends NameOf<R>>(
  name: K,
  input: InputOf<R, K>,
  options?: SendOptions,
) => Promise<OutputOf<R, K>>;

const defaultPost: Post = (message) => chrome.runtime.sendMessage(message);

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}

const issuesText = (issues: ReadonlyArray<{ message: string }>) => issues.map((i) => i.message).join('; ');
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Creates `send` for a protocol; `defaults` apply to every call and each call may override them. */
export function createSender<R extends Routes>(protocol: Protocol<R>, senderOptions: SenderOptions<R> = {}): Send<R> {
  const { replies, ...defaults } = senderOptions;
  function checked<K extends NameOf<R>>(name: K, value: OutputOf<R, K>): OutputOf<R, K> {
    const validator = replies?.[name];
    if (!validator) return value;
    const result = validator.safeParse(value);
    if (!result.success)
      throw new RemoteError({
        code: 'bad_reply',
        message: `Malformed reply to "${name}": ${issuesText(result.error.issues)}`,
      });
    return result.data;
  }

  return async function send<K extends NameOf<R>>(
    name: K,
    input: InputOf<R, K>,
    options: SendOptions = {},
  ): Promise<OutputOf<R, K>> {
    const { post = defaultPost, retry = noRetry, signal, sleep = defaultSleep } = { ...defaults, ...options };
    const retryOn = retry.retryOn ?? ((e: RemoteError) => e.code === 'no_receiver');
    const message: WireMessage = { tabwise: protocol.marker, name, data: input };
    for (let attempt = 0; ; attempt++) {
      let reply: unknown;
      let failure: RemoteError | undefined;
      try {
        reply = await post(message);
      } catch (error) {
        failure = classifySendFailure(error);
      }
      if (!failure) {
        // Chrome resolves with undefined when every listener let the message pass.
        if (reply === undefined) failure = new RemoteError({ code: 'no_reply', message: `No answer to "${name}".` });
        else if (!isEnvelope<OutputOf<R, K>>(reply))
          throw new RemoteError({ code: 'bad_reply', message: `Malformed reply to "${name}".` });
        else if (reply.ok) return checked(name, reply.value);
        else throw new RemoteError(reply.error);
      }
      const still = () => !signal?.aborted && (retry.still?.() ?? true);
      if (attempt >= retry.delaysMs.length || !retryOn(failure) || !still()) throw failure;
      await sleep(retry.delaysMs[attempt] ?? 0, signal);
      if (!still()) throw failure;
      if (retry.beforeRetry) {
        try {
          await retry.beforeRetry(failure, attempt + 1);
        } catch (error) {
          throw new RemoteError({ code: failure.code, message: errorText(error) }, { cause: error });
        }
      }
    }
  };
}
