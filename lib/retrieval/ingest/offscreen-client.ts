/**
 * The background's handle on the offscreen retrieval engine: the offscreen protocol's sender, whose post
 * creates the document on demand (reason WORKERS) and tolerates the "only one offscreen document" race
 * between concurrent callers and worker restarts. A document just created, or being created again after it
 * was closed, is still loading its script: the kit's retry policy (offscreenRetry) waits for it.
 */
import { createSender, type Post, type Send, type SendOptions } from '../../messaging/create-sender';
import type { RetryPolicy } from '../../messaging/retry-policy';
import { offscreenProtocol, type OffscreenRoutes } from '../offscreen-protocol';

/** Typed requests to the engine; a failure is a RemoteError carrying the engine's code. */
export interface OffscreenClient {
  send: Send<OffscreenRoutes>;
}

/** The extension APIs the client uses: chrome's by default, a fake in tests. */
export interface OffscreenHost {
  hasDocument(): Promise<boolean>;
  createDocument(): Promise<void>;
  post: Post;
}

export interface OffscreenClientOptions {
  /** Path of the offscreen page inside the extension. Default '/offscreen.html'. */
  path?: string;
  host?: OffscreenHost;
  /** Waits between tries (injectable for tests). */
  sleep?: SendOptions['sleep'];
}

/**
 * 20 tries, 100 ms apart, while the document registers its listener: 'no_receiver' when no context listens
 * yet, 'no_reply' when only other listeners (an open settings page's) heard the message and let it pass.
 * Every try goes through the post, so a document closed meanwhile is created again.
 */
export const offscreenRetry: RetryPolicy = {
  delaysMs: Array<number>(19).fill(100),
  retryOn: (failure) => failure.code === 'no_receiver' || failure.code === 'no_reply',
};

function chromeOffscreenHost(path: string): OffscreenHost {
  return {
    async hasDocument() {
      const contexts = await chrome.runtime.getContexts({
        contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT],
        documentUrls: [chrome.runtime.getURL(path)],
      });
      return contexts.length > 0;
    },
    createDocument: () =>
      chrome.offscreen.createDocument({
        url: path,
        reasons: [chrome.offscreen.Reason.WORKERS, chrome.offscreen.Reason.DOM_PARSER],
        justification:
          'Runs the on-device history index and its embedding model in a Web Worker, and reads the pages and documents (PDF, Word, Excel) Tabwise reads.',
      }),
    post: (message) => chrome.runtime.sendMessage(message),
  };
}

/** Creates the client. Nothing happens until the first request. */
export function createOffscreenClient(options: OffscreenClientOptions = {}): OffscreenClient {
  const host = options.host ?? chromeOffscreenHost(options.path ?? '/offscreen.html');
  let creating: Promise<void> | undefined;

  async function ensureDocument(): Promise<void> {
    if (await host.hasDocument()) return;
    creating ??= host
      .createDocument()
      .catch((error: unknown) => {
        // Another caller (or a previous worker's request) created it first: that is what we wanted.
        if (!/single offscreen|already exists|only one/i.test(error instanceof Error ? error.message : String(error)))
          throw error;
      })
      .finally(() => {
        creating = undefined;
      });
    await creating;
  }

  const send = createSender(offscreenProtocol, {
    post: async (message) => {
      await ensureDocument();
      return host.post(message);
    },
    retry: offscreenRetry,
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });
  return { send };
}
