/**
 * The background's indexing orchestrator: privacy policy first, then the durable queue, drained into the
 * offscreen engine; retention and the size cap after each batch; deletion, stats and search for the UI
 * and the search_history tool. The worker can die at any moment: the queue and the alarm carry on.
 */
import { domainMatches, domainOf } from '../domain-of';
import { pageKeyOf } from '../page-key';
import type { CaptureInput, CaptureReply, CaptureRoutes } from '../capture-message';
import type { Handlers } from '../../messaging/dispatch';
import { createIndexSettingsStore, type IndexSettingsStore } from './index-settings-store';
import type { IndexSettings, IndexSettingsPatch } from '../index-settings';
import { openIngestDb, type QueueEntry } from './ingest-db';
import { createIngestQueue, type IngestQueue } from './ingest-queue';
import type { OffscreenClient } from './offscreen-client';
import { z } from 'zod';
import { historyPassageSchema, type HistoryPassage } from '../history-passage';
import type { HistoryQuery } from '../history-query';
import type { IngestStats } from '../ingest-stats';
import type { DeleteTarget, OffscreenResponses } from '../offscreen-protocol';
import { decideCapture } from '../privacy-policy';
import { contentHash } from '../capture/content-hash';
import { scrubSecrets, scrubUrl } from './scrub-secrets';
import { createSeenPages, type SeenPages } from './seen-pages';

/** The alarm that wakes a killed worker to finish draining the queue. */
export const INGEST_ALARM = 'tabwise-ingest';
/** The daily alarm that applies retention even on days nothing new is captured. */
export const RETENTION_ALARM = 'tabwise-retention';
const BATCH = 4;
const DAY_MS = 86_400_000;
const passagesSchema = z.array(historyPassageSchema);

export interface IngestServiceDeps {
  client: OffscreenClient;
  now?: () => number;
  /** Shows that captures are being refused (the toolbar badge in the extension). */
  signalFull?(full: boolean): void;
  /** Schedules / cancels the wake-up alarm. */
  alarms?: { create(name: string, info: { delayInMinutes: number }): unknown; clear(name: string): unknown };
}

export interface IngestService {
  /** The capture protocol's config and capture handlers (served from content scripts; the input is validated). */
  captureHandlers: Pick<Required<Handlers<CaptureRoutes, chrome.runtime.MessageSender>>, 'config' | 'capture'>;
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
  applyRetention(): Promise<number>;  /**
   * A page fetch_url read for the user: indexed under the same rules as a capture (remembering on and not
   * paused, never from incognito, the denylist or allowlist), scrubbed and keyed the same way.
   */
  rememberFetched(page: FetchedPageInput, context: { incognito: boolean }): Promise<CaptureReply>;
}

/** A fetched page's readable text, as fetch_url gives it. */
export interface FetchedPageInput {
  url: string;
  title: string;
  lang: string;
  text: string;
}

/** Creates the service; opening its database starts at once, nothing else does. */
export function createIngestService(deps: IngestServiceDeps): IngestService {
  const now = deps.now ?? Date.now;
  const opened = openIngestDb().then((db) => ({ settings: createIndexSettingsStore(db), queue: createIngestQueue(db), seen: createSeenPages(db) }));
  const parts = (): Promise<{ settings: IndexSettingsStore; queue: IngestQueue; seen: SeenPages }> => opened;
  let draining: Promise<void> | undefined;

  async function capture(msg: CaptureInput, sender: chrome.runtime.MessageSender): Promise<CaptureReply> {
    const { settings, queue, seen } = await parts();
    const s = await settings.get();
    if (!s.enabled) return { status: 'off' };
    // Only the top frame captures, and the URL decided on is the sender's own, never one the page claims: a
    // page that moved (a single-page app's route change just before capture) or lies is not indexed under it.
    // The tab's URL follows history.pushState; the sender's frame URL stays the one the document loaded with.
    const url = sender.frameId === 0 ? (sender.tab?.url ?? sender.url) : undefined;
    if (!url) return { status: 'refused', reason: 'wrong-frame' };
    if (pageKeyOf(url) !== pageKeyOf(msg.url)) return { status: 'refused', reason: 'url-changed' };
    const decision = decideCapture({ url, incognito: sender.tab?.incognito ?? true }, s);
    if (!decision.index) return { status: 'refused', reason: decision.reason };
    // Credentials in the address (tokens, codes, signatures) are never stored: the page is keyed without them.
    const key = pageKeyOf(scrubUrl(url));
    if ((await seen.get(key))?.hash === msg.hash) return { status: 'unchanged' };
    const at = now();
    const entry: QueueEntry = { key, url: key, title: scrubSecrets(msg.title), lang: msg.lang, text: scrubSecrets(msg.text), hash: msg.hash, visitedAt: at, capturedAt: at };
    const result = await queue.enqueue(entry, s.queueLimit);
    if (result === 'full') {
      await queue.updateCounters((c) => ({ ...c, refused: c.refused + 1, lastRefusedAt: at, lastRefusedUrl: key }));
      deps.signalFull?.(true);
      console.warn(`Tabwise: history queue full (${s.queueLimit}); refused ${key}`);
      return { status: 'full' };
    }
    void drain();
    return { status: result };
  }

  async function rememberFetched(page: FetchedPageInput, context: { incognito: boolean }): Promise<CaptureReply> {
    const { settings, queue, seen } = await parts();
    const s = await settings.get();
    if (!s.enabled) return { status: 'off' };
    const decision = decideCapture({ url: page.url, incognito: context.incognito }, s);
    if (!decision.index) return { status: 'refused', reason: decision.reason };
    const key = pageKeyOf(scrubUrl(page.url));
    const text = page.text.slice(0, 2_000_000);
    const hash = contentHash(text);
    if ((await seen.get(key))?.hash === hash) return { status: 'unchanged' };
    const at = now();
    const entry: QueueEntry = { key, url: key, title: scrubSecrets(page.title).slice(0, 2000), lang: page.lang.slice(0, 35), text: scrubSecrets(text), hash, visitedAt: at, capturedAt: at };
    const result = await queue.enqueue(entry, s.queueLimit);
    if (result === 'full') return { status: 'full' };
    void drain();
    return { status: result };
  }

  async function drainLoop(): Promise<void> {
    const { settings, queue, seen } = await parts();
    for (;;) {
      const s = await settings.get();
      // Turned off or paused: nothing more is indexed (turning off also empties the queue, see updateSettings).
      const batch = s.paused || !s.enabled ? [] : await queue.peek(BATCH);
      if (batch.length === 0) {
        await deps.alarms?.clear(INGEST_ALARM);
        if (!s.paused) deps.signalFull?.(false);
        return;
      }
      // If this worker dies mid-batch, the alarm wakes a new one that sends the batch again (replacing, not duplicating).
      await deps.alarms?.create(INGEST_ALARM, { delayInMinutes: 0.5 });
      try {
        await deps.client.send('ingest', { model: s.model, pages: batch.map(({ url, title, lang, text, visitedAt }) => ({ url, title, lang, text, visitedAt })) });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        console.error('Tabwise: indexing failed; the queue keeps the pages for a retry', error);
        await queue.updateCounters((c) => ({ ...c, lastError: message, lastErrorAt: now() }));
        return;
      }
      for (const e of batch) {
        await seen.put({ key: e.key, hash: e.hash, domain: domainOf(e.url), visitedAt: e.visitedAt });
        await queue.complete(e);
      }
      await queue.updateCounters((c) => ({ ...c, indexed: c.indexed + batch.length, lastIndexedAt: now(), lastError: undefined }));
      await evict(s, seen);
    }
  }

  async function evict(s: IndexSettings, seen: SeenPages): Promise<number> {
    const evicted = await deps.client.send('evict', { model: s.model, before: now() - s.retentionDays * DAY_MS, maxChunks: s.maxChunks });
    if (evicted.urls.length) await seen.forget({ kind: 'urls', urls: evicted.urls });
    return evicted.urls.length;
  }

  function drain(): Promise<void> {
    draining ??= drainLoop()
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
      capture: (input, { sender }) => capture(input, sender),
    },
    rememberFetched,
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
      return evict(await settings.get(), seen);
    },
    async stats() {
      const { settings, queue } = await parts();
      const s = await settings.get();
      const [engine, depth, counters] = await Promise.all([deps.client.send('stats', { model: s.model }), queue.depth(), queue.counters()]);
      return { ...engine, ...counters, enabled: s.enabled, paused: s.paused, queueDepth: depth, queueLimit: s.queueLimit };
    },
    async pages(query, limit) {
      const s = await (await parts()).settings.get();
      return deps.client.send('pages', { model: s.model, query, limit });
    },
    async remove(target) {
      const { settings, queue, seen } = await parts();
      const s = await settings.get();
      // Waiting captures of what is being deleted go too, or they would come back after the delete.
      await queue.discard((e) =>
        target.kind === 'all' ||
        (target.kind === 'page' && e.key === pageKeyOf(target.url)) ||
        (target.kind === 'domain' && domainMatches(domainOf(e.url), target.domain)) ||
        (target.kind === 'range' && e.visitedAt >= target.since && e.visitedAt <= target.until),
      );
      const out = await deps.client.send('delete', { model: s.model, target });
      await seen.forget(target);
      return out;
    },
    async search(request) {
      const s = await (await parts()).settings.get();
      // Passages go on to the model and the settings page: checked here, where they enter the worker.
      return passagesSchema.parse(await deps.client.send('search', { model: s.model, request }));
    },
  };
}
