/** Fakes for the offscreen protocol's tests: chrome.runtime's message delivery, the worker as sender, an engine. */
import type { MessageEvent, MessageListener } from '../../../lib/messaging/serve';
import type { SenderInfo } from '../../../lib/messaging/sender-is';
import type { OffscreenHandlers } from '../../../lib/retrieval/engine/offscreen-engine';
import type { OffscreenRuntime } from '../../../lib/retrieval/engine/serve-offscreen-engine';
import type { EngineStats } from '../../../lib/retrieval/offscreen-protocol';

export const extensionId = 'ext-id';
const origin = `chrome-extension://${extensionId}/`;
/** The service worker as Chrome reports it to a listener: no tab, no documentId. */
export const workerSender: SenderInfo = { id: extensionId, url: `${origin}background.js` };
export const optionsPageSender: SenderInfo = { id: extensionId, url: `${origin}options.html`, documentId: 'doc-1' };
export const contentScriptSender: SenderInfo = {
  id: extensionId,
  url: 'https://example.com/',
  tab: { id: 3 },
  documentId: 'doc-2',
};

export const model = { id: 'fake', dtype: 'fp32', allowRemote: false } as const;

export const engineStats: EngineStats = {
  pages: 1,
  chunks: 2,
  bytes: 0,
  modelId: 'fake@fp32',
  dims: 4,
  model: 'idle',
  threads: 0,
  crossOriginIsolated: false,
  restoredChunks: 0,
  restoreMs: 0,
};

/** Chrome serialises runtime messages as JSON (undefined fields vanish). */
const viaJson = (v: unknown): unknown => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));

const NO_RECEIVER = 'Could not establish connection. Receiving end does not exist.';

/**
 * chrome.runtime as the offscreen document and the worker see it: `deliver` rejects as Chrome does when no
 * context listens, resolves undefined when every listener let the message pass, else with the first answer.
 */
export function fakeRuntime(): OffscreenRuntime & {
  deliver(raw: unknown, sender: SenderInfo): Promise<unknown>;
  listeners: Set<MessageListener<SenderInfo>>;
} {
  const listeners = new Set<MessageListener<SenderInfo>>();
  const onMessage: MessageEvent<SenderInfo> = {
    addListener: (l) => void listeners.add(l),
    removeListener: (l) => void listeners.delete(l),
  };
  return {
    id: extensionId,
    getURL: (path) => origin + path.replace(/^\//, ''),
    onMessage,
    listeners,
    deliver(raw, sender) {
      if (listeners.size === 0) return Promise.reject(new Error(NO_RECEIVER));
      return new Promise((resolve) => {
        let open = false;
        for (const l of listeners) open = l(viaJson(raw), sender, (reply) => resolve(viaJson(reply))) || open;
        if (!open) resolve(undefined);
      });
    },
  };
}

/** An engine whose handlers answer fixed values; override one to script it. */
export function fakeEngine(overrides: Partial<OffscreenHandlers> = {}): OffscreenHandlers {
  return {
    ingest: async (r) => ({ indexed: r.pages.map((p) => ({ url: p.url, chunks: 1 })) }),
    search: async () => [],
    stats: async () => engineStats,
    pages: async () => ({ total: 0, pages: [] }),
    delete: async () => ({ chunks: 0, urls: [] }),
    evict: async () => ({ chunks: 0, urls: [] }),
    parseHtml: async (r) => ({ title: '', lang: '', markdown: r.html }),
    readDocument: async (r) => ({ kind: 'text', title: r.name, text: '', totalChars: 0, notes: [] }),
    ...overrides,
  };
}
