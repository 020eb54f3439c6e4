/**
 * The background's indexing orchestrator: privacy policy first, then the durable queue, drained into the
 * offscreen engine; retention and the size cap after each batch; deletion, stats and search for the UI
 * and the search_history tool. The worker can die at any moment: the queue and the alarm carry on.
 *
 * This file wires the parts, each a function of the shared context (ingest-context.ts): admitting a
 * capture (admit-capture.ts) or a fetched page (remember-fetched-page.ts), draining (drain-ingest-queue.ts),
 * retention (evict-expired-pages.ts) and deletion (remove-from-history.ts).
 */
import type { CaptureReply, CaptureRoutes } from '../capture-message';
import type { Handlers } from '../../messaging/dispatch';
import { createIndexSettingsStore, type IndexSettingsStore } from './index-settings-store';
import { withForcedPrivacy } from '../privacy-policy';
import type { IndexSettings, IndexSettingsPatch } from '../index-settings';
import { openIngestDb } from './ingest-db';
import { createIngestQueue } from './ingest-queue';
import { z } from 'zod';
import { historyPassageSchema, type HistoryPassage } from '../history-passage';
import type { HistoryQuery } from '../history-query';
import type { IngestStats } from '../ingest-stats';
import type { DeleteTarget, OffscreenResponses } from '../offscreen-protocol';
import { createSeenPages } from './seen-pages';
import { admitCapture } from './admit-capture';
import { admitDocumentCapture } from './admit-document-capture';
import { admitOwnDocument, type OwnDocumentInput } from './admit-own-document';
import { drainIngestQueue } from './drain-ingest-queue';
import { evictExpiredPages } from './evict-expired-pages';
import { INGEST_ALARM } from './ingest-alarms';
import type { IngestContext, IngestParts, IngestServiceDeps } from './ingest-context';
import { rememberFetchedPage, type FetchedPageInput } from './remember-fetched-page';
import { removeFromHistory } from './remove-from-history';

// Where the background (and other callers) have always found them.
export { INGEST_ALARM, RETENTION_ALARM } from './ingest-alarms';
export type { IngestServiceDeps } from './ingest-context';
export type { FetchedPageInput } from './remember-fetched-page';
export type { OwnDocumentInput } from './admit-own-document';

const passagesSchema = z.array(historyPassageSchema);

/** The stored settings as they apply: narrowed by the policy's forced rules on every read and write (privacy-policy.ts). */
function withPolicy(store: IndexSettingsStore, forced: IngestServiceDeps['forcedPrivacy']): IndexSettingsStore {
  if (!forced) return store;
  return {
    get: async () => withForcedPrivacy(await store.get(), await forced()),
    update: async (patch) => withForcedPrivacy(await store.update(patch), await forced()),
  };
}

export interface IngestService {
  /** The capture protocol's config and capture handlers (served from content scripts; the input is validated). */
  captureHandlers: Pick<
    Required<Handlers<CaptureRoutes, chrome.runtime.MessageSender>>,
    'config' | 'capture' | 'captureDocument'
  >;
  /** Drains the queue (single flight); resolves when it is empty, paused, or an error stopped it. */
  drain(): Promise<void>;
  /**
   * The settings page's "Try again" after a failure (e.g. the model could not be downloaded): starts a drain
   * now instead of at the next alarm, and answers at once; the page follows it through stats().
   */
  retry(): Promise<{ queueDepth: number }>;
  settings(): Promise<IndexSettings>;
  updateSettings(patch: IndexSettingsPatch): Promise<IndexSettings>;
  stats(): Promise<IngestStats>;
  pages(query?: string, limit?: number): Promise<OffscreenResponses['pages']>;
  remove(target: DeleteTarget): Promise<OffscreenResponses['delete']>;
  search(request: HistoryQuery): Promise<HistoryPassage[]>;
  /** Drops pages older than the retention period (and past the size cap) from the index; the count dropped. */
  applyRetention(): Promise<number>;
  /**
   * A page fetch_url read for the user: indexed under the same rules as a capture (remembering on and not
   * paused, never from incognito, the denylist or allowlist), scrubbed and keyed the same way.
   */
  rememberFetched(page: FetchedPageInput, context: { incognito: boolean }): Promise<CaptureReply>;
  /** A document of the user's folder, under the documents switch (admit-own-document.ts). */
  rememberFolderDocument(doc: OwnDocumentInput): Promise<CaptureReply>;
  /** A file the user attached and chose to keep (admit-own-document.ts): remembering on is enough. */
  rememberAttachment(doc: OwnDocumentInput): Promise<CaptureReply>;
  /** Whether the index holds the source at `url` (as the background knows it: a retention may have dropped it). */
  isIndexed(url: string): Promise<boolean>;
}

/** Creates the service; opening its database starts at once, nothing else does. */
export function createIngestService(deps: IngestServiceDeps): IngestService {
  const opened = openIngestDb().then((db) => ({
    settings: withPolicy(createIndexSettingsStore(db), deps.forcedPrivacy),
    queue: createIngestQueue(db),
    seen: createSeenPages(db),
  }));
  let draining: Promise<void> | undefined;
  const ctx: IngestContext = { deps, now: deps.now ?? Date.now, parts: (): Promise<IngestParts> => opened, drain };
  const parts = ctx.parts;

  // Single flight: a capture arriving mid-drain joins the drain under way (its loop peeks the queue again).
  function drain(): Promise<void> {
    draining ??= drainIngestQueue(ctx)
      .catch((error: unknown) => console.error('Tabwise: draining the history queue failed', error))
      .finally(() => {
        draining = undefined;
      });
    return draining;
  }

  return {
    captureHandlers: {
      async config(_input, { sender }) {
        const s = await (await parts()).settings.get();
        return { enabled: s.enabled && !s.paused && !sender.tab?.incognito, dwellMs: s.dwellMs };
      },
      capture: (input, { sender }) => admitCapture(ctx, input, sender),
      captureDocument: (input, { sender }) => admitDocumentCapture(ctx, input, sender),
    },
    rememberFetched: (page, context) => rememberFetchedPage(ctx, page, context),
    rememberFolderDocument: (doc) => admitOwnDocument(ctx, doc, 'folder'),
    rememberAttachment: (doc) => admitOwnDocument(ctx, doc, 'attachment'),
    async isIndexed(url) {
      const { seen, queue } = await parts();
      if (await seen.get(url)) return true;
      // Waiting in the queue counts: it will be indexed without being read again.
      return (await queue.peek(10_000)).some((e) => e.key === url);
    },
    drain,
    async retry() {
      const { queue } = await parts();
      void drain();
      return { queueDepth: await queue.depth() };
    },
    async settings() {
      return (await parts()).settings.get();
    },
    async updateSettings(patch) {
      const { settings, queue } = await parts();
      const next = await settings.update(patch);
      if (next.enabled && !next.paused) void drain();
      if (!next.enabled) {
        // Turning remembering off stops the queue: captures still waiting are dropped, not indexed later.
        await queue.discard(() => true);
        await deps.alarms?.clear(INGEST_ALARM);
        deps.signalFull?.(false);
      }
      return next;
    },
    async applyRetention() {
      const { settings, seen } = await parts();
      // An empty index has nothing to expire: do not start the offscreen engine for it.
      if ((await seen.count()) === 0) return 0;
      return evictExpiredPages(ctx, await settings.get(), seen);
    },
    async stats() {
      const { settings, queue } = await parts();
      const s = await settings.get();
      const [engine, depth, counters] = await Promise.all([
        deps.client.send('stats', { model: s.model }),
        queue.depth(),
        queue.counters(),
      ]);
      return {
        ...engine,
        ...counters,
        enabled: s.enabled,
        paused: s.paused,
        queueDepth: depth,
        queueLimit: s.queueLimit,
      };
    },
    async pages(query, limit) {
      const s = await (await parts()).settings.get();
      return deps.client.send('pages', { model: s.model, query, limit });
    },
    remove: (target) => removeFromHistory(ctx, target),
    async search(request) {
      const s = await (await parts()).settings.get();
      // Passages go on to the model and the settings page: checked here, where they enter the worker.
      return passagesSchema.parse(await deps.client.send('search', { model: s.model, request }));
    },
  };
}
