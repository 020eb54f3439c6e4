/** Settings → Performance's model: the latency and cache figures and the history-search traces, followed live. */
import { batch, signal } from '@preact/signals';
import type { LatencyStats } from '../../lib/agent/compute-latency-stats';
import { sendToBackground } from '../../lib/background/send-to-background';
import type { SearchTraceSummary } from '../../lib/background/summarize-search-traces';
import type { ProviderView } from '../../lib/core/provider-record';
import { t } from '../ui/t';

/** How often the figures are fetched again while the page is visible (a run in the panel adds to them). */
const FOLLOW_MS = 3000;

export function createPerformanceState(now: () => number = Date.now) {
  const stats = signal<LatencyStats | null>(null);
  const searches = signal<SearchTraceSummary | null>(null);
  /** The providers' names, to show each model as the panel does (read with the figures: one added since shows). */
  const providers = signal<Pick<ProviderView, 'id' | 'name'>[]>([]);
  const error = signal<string | null>(null);
  /** When the figures were fetched, so "x minutes ago" stays true between fetches. */
  const fetchedAt = signal(now());
  let timer: ReturnType<typeof setInterval> | undefined;

  async function load() {
    try {
      const [s, t, p] = await Promise.all([
        sendToBackground('telemetry.stats', {}),
        sendToBackground('telemetry.searches', {}),
        sendToBackground('providers.list', {}),
      ]);
      batch(() => {
        stats.value = s;
        providers.value = p.map(({ id, name }) => ({ id, name }));
        searches.value = t;
        fetchedAt.value = now();
        error.value = null;
      });
    } catch (e) {
      error.value = t('perf_read_error', (e as Error).message);
    }
  }

  return {
    stats,
    providers,
    searches,
    error,
    fetchedAt,
    load,
    /** Fetches now and then every few seconds while the page is visible; the returned function stops it. */
    follow() {
      void load();
      timer = setInterval(() => {
        if (document.visibilityState === 'visible') void load();
      }, FOLLOW_MS);
      return () => clearInterval(timer);
    },
  };
}

export type PerformanceState = ReturnType<typeof createPerformanceState>;
