/** Settings → Performance's history-search figures, from the engine's traces (never a query's text). */
import { percentiles, type Percentiles } from '../agent/compute-latency-stats';
import type { SearchTrace } from '../retrieval/search-trace';

export interface SearchTraceSummary {
  count: number;
  /** Searches that found nothing, and their share of all. */
  empty: number;
  emptyShare: number;
  /** Embedding time of the searches that embedded their query. */
  embedMs: Percentiles;
  searchMs: Percentiles;
  /** The newest traces, newest first, for the table. */
  recent: SearchTrace[];
}

export const RECENT_TRACES = 20;

export function summarizeSearchTraces(traces: SearchTrace[]): SearchTraceSummary {
  const empty = traces.filter((t) => t.hits === 0).length;
  return {
    count: traces.length,
    empty,
    emptyShare: traces.length ? empty / traces.length : 0,
    embedMs: percentiles(traces.filter((t) => t.mode === 'hybrid').map((t) => t.embedMs)),
    searchMs: percentiles(traces.map((t) => t.searchMs)),
    recent: traces.slice(-RECENT_TRACES).reverse(),
  };
}
