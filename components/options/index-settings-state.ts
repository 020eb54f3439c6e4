/** The options page's "Remember what I read" model: settings, stats and the index browser, as signals. */
import { batch, signal } from '@preact/signals';
import type { PageSummary } from '../../lib/retrieval/page-summary';
import type { IndexSettings, IndexSettingsPatch } from '../../lib/retrieval/index-settings';
import type { DeleteTarget } from '../../lib/retrieval/offscreen-protocol';
import type { IngestStats } from '../../lib/retrieval/ingest-stats';
import { sendToBackground } from '../../lib/background/send-to-background';
import { createActionStatus } from './action-status';
import { t } from '../ui/t';
import { formatCount } from './format-figures';

/** Splits a textarea of one entry per line (or comma) into a clean list. */
export function parseList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\n,]/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/** Whether the stats change on their own (a model loading, a queue draining, a re-embed), so the page should follow them. */
export function isIndexBusy(stats: Pick<IngestStats, 'model' | 'queueDepth' | 'reembed'>): boolean {
  return stats.model === 'loading' || stats.queueDepth > 0 || stats.reembed !== undefined;
}

/** How often the page refreshes its stats while the index is busy. */
const FOLLOW_MS = 1000;
/** How often while remembering is on but idle: a page read in another tab shows up here without Refresh. */
const WATCH_MS = 4000;

/** Creates the model; `load()` fills it. */
export function createIndexSettingsState() {
  const settings = signal<IndexSettings | null>(null);
  const stats = signal<IngestStats | null>(null);
  const pages = signal<PageSummary[]>([]);
  const totalPages = signal(0);
  const query = signal('');
  const { message, error, attempt } = createActionStatus();

  let following: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;
  const refreshIndex = async () => {
    const [s, p] = await Promise.all([
      sendToBackground('index.stats', {}),
      sendToBackground('index.pages', { query: query.value || undefined, limit: 200 }),
    ]);
    batch(() => {
      stats.value = s;
      pages.value = p.pages;
      totalPages.value = p.total;
    });
    follow();
  };
  // While the model downloads or the queue drains, the stats are refreshed so progress and errors show
  // without the user pressing Refresh. Not through attempt(): that would clear the section's messages.
  // While remembering is on and idle, a slower watch notices a capture from another tab (which makes it busy).
  function follow() {
    const on = settings.value?.enabled === true && !settings.value.paused;
    if (disposed || following !== undefined || !stats.value || !(isIndexBusy(stats.value) || on)) return;
    following = setTimeout(
      () => {
        following = undefined;
        refreshIndex().catch((e: unknown) => console.warn('Tabwise: refreshing the index stats failed', e));
      },
      isIndexBusy(stats.value) ? FOLLOW_MS : WATCH_MS,
    );
  }

  const update = (patch: IndexSettingsPatch, done = t('common_saved')) =>
    attempt(async () => {
      settings.value = await sendToBackground('index.settings.update', patch);
      if (settings.value.enabled) await refreshIndex();
    }, done);

  const remove = (target: DeleteTarget, what: string) =>
    attempt(async () => {
      const out = await sendToBackground('index.delete', target);
      await refreshIndex();
      message.value = t(
        'index_deleted',
        what,
        formatCount(out.urls.length, 'page'),
        formatCount(out.chunks, 'passage'),
      );
    });

  return {
    /** Stops following the stats (the section is gone). */
    dispose() {
      disposed = true;
      clearTimeout(following);
    },
    settings,
    stats,
    pages,
    totalPages,
    query,
    message,
    error,
    load: () =>
      attempt(async () => {
        settings.value = await sendToBackground('index.settings.get', {});
        if (settings.value.enabled) await refreshIndex();
      }),
    refresh: () => attempt(refreshIndex),
    /** "Try again" after a failure: drains the queue now rather than at the next 30-second retry. */
    retry: () =>
      attempt(async () => {
        await sendToBackground('index.retry', {});
        await refreshIndex();
      }),
    search: (q: string) => {
      query.value = q;
      return attempt(refreshIndex);
    },
    setEnabled: (enabled: boolean) => update({ enabled }, enabled ? t('index_enabled') : t('index_disabled')),
    setPaused: (paused: boolean) => update({ paused }, paused ? t('index_paused') : t('index_resumed')),
    update,
    deletePage: (url: string) => remove({ kind: 'page', url }, url),
    deleteDomain: (domain: string) => remove({ kind: 'domain', domain: domain.trim().toLowerCase() }, domain),
    deleteRange: (since: number, until: number) => remove({ kind: 'range', since, until }, t('index_that_range')),
    deleteAll: () => remove({ kind: 'all' }, t('index_everything')),
  };
}

export type IndexSettingsState = ReturnType<typeof createIndexSettingsState>;
