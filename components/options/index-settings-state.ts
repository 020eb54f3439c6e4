/** The options page's "Remember what I read" model: settings, stats and the index browser, as signals. */
import { batch, signal } from '@preact/signals';
import type { PageSummary } from '../../lib/retrieval/page-summary';
import type { IndexSettings, IndexSettingsPatch } from '../../lib/retrieval/index-settings';
import type { DeleteTarget } from '../../lib/retrieval/offscreen-protocol';
import type { IngestStats } from '../../lib/retrieval/ingest-stats';
import { sendToBackground } from '../../lib/background/send-to-background';
import { createActionStatus } from './action-status';

/** Splits a textarea of one entry per line (or comma) into a clean list. */
export function parseList(text: string): string[] {
  return [...new Set(text.split(/[\n,]/).map((s) => s.trim()).filter(Boolean))];
}

/** Whether the stats change on their own (a model loading, a queue draining, a re-embed), so the page should follow them. */
export function isIndexBusy(stats: Pick<IngestStats, 'model' | 'queueDepth' | 'reembed'>): boolean {
  return stats.model === 'loading' || stats.queueDepth > 0 || stats.reembed !== undefined;
}

/** How often the page refreshes its stats while the index is busy. */
const FOLLOW_MS = 1000;

/** Creates the model; `load()` fills it. */
export function createIndexSettingsState() {
  const settings = signal<IndexSettings | null>(null);
  const stats = signal<IngestStats | null>(null);
  const pages = signal<PageSummary[]>([]);
  const totalPages = signal(0);
  const query = signal('');
  const { message, error, attempt } = createActionStatus();


  let following: ReturnType<typeof setTimeout> | undefined;
  const refreshIndex = async () => {
    const [s, p] = await Promise.all([sendToBackground('index.stats', {}), sendToBackground('index.pages', { query: query.value || undefined, limit: 200 })]);
    batch(() => {
      stats.value = s;
      pages.value = p.pages;
      totalPages.value = p.total;
    });
    follow();
  };
  // While the model downloads or the queue drains, the stats are refreshed so progress and errors show
  // without the user pressing Refresh. Not through attempt(): that would clear the section's messages.
  function follow() {
    if (following !== undefined || !stats.value || !isIndexBusy(stats.value)) return;
    following = setTimeout(() => {
      following = undefined;
      refreshIndex().catch((e: unknown) => console.warn('Tabwise: refreshing the index stats failed', e));
    }, FOLLOW_MS);
  }

  const update = (patch: IndexSettingsPatch, done = 'Saved.') =>
    attempt(async () => {
      settings.value = await sendToBackground('index.settings.update', patch);
      if (settings.value.enabled) await refreshIndex();
    }, done);

  const remove = (target: DeleteTarget, what: string) =>
    attempt(async () => {
      const out = await sendToBackground('index.delete', target);
      await refreshIndex();
      message.value = `Deleted ${what}: ${out.urls.length} page${out.urls.length === 1 ? '' : 's'}, ${out.chunks} passages.`;
    });

  return {
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
    setEnabled: (enabled: boolean) => update({ enabled }, enabled ? 'Remembering pages you read from now on.' : 'Stopped remembering pages. What is already indexed stays until you delete it.'),
    setPaused: (paused: boolean) => update({ paused }, paused ? 'Paused.' : 'Resumed.'),
    update,
    deletePage: (url: string) => remove({ kind: 'page', url }, url),
    deleteDomain: (domain: string) => remove({ kind: 'domain', domain: domain.trim().toLowerCase() }, domain),
    deleteRange: (since: number, until: number) => remove({ kind: 'range', since, until }, 'that time range'),
    deleteAll: () => remove({ kind: 'all' }, 'everything'),
  };
}

export type IndexSettingsState = ReturnType<typeof createIndexSettingsState>;
