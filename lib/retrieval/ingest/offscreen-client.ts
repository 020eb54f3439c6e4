/**
 * The background's handle on the offscreen retrieval engine: creates the document on demand (reason
 * WORKERS), tolerates the "only one offscreen document" race between concurrent callers and worker
 * restarts, and sends typed, validated requests.
 */
import { OFFSCREEN_TARGET, offscreenRequestSchema, type OffscreenRequest, type OffscreenResponses } from '../offscreen-protocol';

/** A request to the engine, typed by its `type`. */
export interface OffscreenClient {
  request<R extends OffscreenRequest>(request: R): Promise<OffscreenResponses[R['type']]>;
}

/** An engine failure, with the engine's code. */
export class OffscreenError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'OffscreenError';
    this.code = code;
  }
}

export interface OffscreenClientOptions {
  /** Path of the offscreen page inside the extension. Default '/offscreen.html'. */
  path?: string;
  /** Tries while the freshly created document registers its listener. Default 20 (×100 ms). */
  attempts?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Creates the client. Nothing happens until the first request. */
export function createOffscreenClient(options: OffscreenClientOptions = {}): OffscreenClient {
  const path = options.path ?? '/offscreen.html';
  const attempts = options.attempts ?? 20;
  let creating: Promise<void> | undefined;

  async function exists(): Promise<boolean> {
    const contexts = await chrome.runtime.getContexts({ contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT], documentUrls: [chrome.runtime.getURL(path)] });
    return contexts.length > 0;
  }

  async function ensureDocument(): Promise<void> {
    if (await exists()) return;
    creating ??= chrome.offscreen
      .createDocument({ url: path, reasons: [chrome.offscreen.Reason.WORKERS], justification: 'Runs the on-device history index and its embedding model in a Web Worker.' })
      .catch((error: unknown) => {
        // Another caller (or a previous worker's request) created it first: that is what we wanted.
        if (!/single offscreen|already exists|only one/i.test(String((error as Error)?.message ?? error))) throw error;
      })
      .finally(() => {
        creating = undefined;
      });
    await creating;
  }

  return {
    async request(request) {
      const checked = offscreenRequestSchema.parse(request);
      for (let attempt = 1; ; attempt++) {
        await ensureDocument();
        let reply: unknown;
        try {
          reply = await chrome.runtime.sendMessage({ target: OFFSCREEN_TARGET, request: checked });
        } catch (error) {
          // "Receiving end does not exist": the document is still loading its script. Anything else is real.
          if (!/receiving end/i.test(String((error as Error)?.message ?? error)) || attempt >= attempts) throw error;
          await sleep(100);
          continue;
        }
        const envelope = reply as { res?: unknown; err?: { code?: unknown; message?: unknown } } | undefined;
        if (envelope && 'res' in envelope) return envelope.res as never;
        if (envelope?.err) throw new OffscreenError(String(envelope.err.code ?? 'internal'), String(envelope.err.message ?? 'offscreen engine failed'));
        if (attempt >= attempts) throw new OffscreenError('no_reply', 'The retrieval engine did not answer.');
        await sleep(100);
      }
    },
  };
}
