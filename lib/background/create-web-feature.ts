/**
 * The web tools as the background composes them: fetch_url (read by the offscreen document's reader, its
 * pages offered to "Remember what I read"), web_search over the user's configured backend, and the settings
 * page's handlers for that backend. Call once, in the worker's first turn.
 */
import { openAgentDb } from '../agent/agent-db';
import { createIdbSitePolicyStore } from '../agent/idb-agent-stores';
import type { CaptureReply } from '../retrieval/capture-message';
import { createOffscreenClient } from '../retrieval/ingest/offscreen-client';
import { openTabwiseDb } from '../storage/db';
import { openDocumentTransfers } from '../storage/document-blobs';
import {
  createAttachedDocumentReader,
  createDocumentReader,
  type ReadAttachedDocument,
} from './create-document-reader';
import type { Tool } from '../tools/define-tool';
import { createFetchUrlTool } from '../tools/web/fetch-url-tool';
import type { ReadDocumentFile } from '../tools/web/read-document-response';
import { createWebSearchStore } from '../tools/web/web-search-store';
import { createWebSearchTool } from '../tools/web/web-search-tool';
import type { HistoryFeature } from './create-history-feature';
import { createSheetFetch } from './fetch-sheet-for-view';
import { createWebSearchHandlers } from './handlers/web-search-handlers';
import type { BackgroundHandlers as Handlers } from './protocol';

export interface WebFeature {
  tools: Tool[];
  /** Reads a document's bytes in the offscreen document (fetch_url's reader; read_page on a PDF tab uses it too). */
  readDocument: ReadDocumentFile;
  /** Reads a file the user attached, where its bytes are kept. */
  readAttached: ReadAttachedDocument;
  extraHandlers: Handlers;
}

/** What fetch_url tells the model about the history index (nothing while remembering is off). */
export function describeRemembered(reply: CaptureReply): string {
  switch (reply.status) {
    case 'queued':
    case 'replaced':
      return 'Added to "Remember what I read".';
    case 'unchanged':
      return 'Already in "Remember what I read".';
    case 'refused':
      return `Not added to "Remember what I read" (${reply.reason ?? 'refused'}).`;
    case 'full':
      return 'Not added to "Remember what I read": its queue is full.';
    case 'off':
      return '';
  }
}

export function createWebFeature(history: Pick<HistoryFeature, 'service'>): WebFeature {
  const store = openTabwiseDb().then(createWebSearchStore);
  const sitePolicies = openAgentDb().then((db) => createIdbSitePolicyStore(db, Date.now));
  const offscreen = createOffscreenClient();
  const readDocument = createDocumentReader(offscreen, openDocumentTransfers());
  const readAttached = createAttachedDocumentReader(offscreen);
  // The worker's own fetch, unbound it throws "Illegal invocation".
  const fetchFromWorker: typeof fetch = (input, init) => fetch(input, init);
  const tools = [
    createFetchUrlTool({
      fetch: fetchFromWorker,
      parseHtml: (request) => offscreen.send('parseHtml', request),
      readDocument,
      isAlwaysAllowed: async (origin) => (await sitePolicies).isAllowed(origin, 'fetch_url'),
      async remember(page, ctx) {
        // Runs never happen in incognito (the manifest keeps Tabwise out), but the rule is checked, not assumed.
        const incognito =
          ctx.tabId === undefined
            ? false
            : await chrome.tabs.get(ctx.tabId).then(
                (t) => t.incognito,
                () => false,
              );
        try {
          return describeRemembered(await history.service.rememberFetched(page, { incognito }));
        } catch (error) {
          // The page was read all the same: the model gets it, and the log says why it was not kept.
          console.error('Tabwise: adding a fetched page to the history index failed', error);
          return 'Not added to "Remember what I read": the index could not be reached.';
        }
      },
    }),
    createWebSearchTool({ fetch: fetchFromWorker, target: async () => (await store).target() }),
  ] as Tool[];
  const transfers = openDocumentTransfers();
  const extraHandlers: Handlers = {
    ...createWebSearchHandlers({ store, fetch: fetchFromWorker, now: () => performance.now() }),
    'sheets.fetch': createSheetFetch({ fetch: fetchFromWorker, transfers }),
  };
  return { tools, extraHandlers, readDocument, readAttached };
}
