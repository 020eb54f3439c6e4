/** telemetry.searches: the history-search traces the engine kept, summarised for Settings → Performance. */
import type { SearchTraceStore } from '../../retrieval/search-trace-store';
import { summarizeSearchTraces } from '../summarize-search-traces';
import type { HandlerSet } from './handler-set';

export function createSearchTraceHandlers(deps: {
  traces: Pick<SearchTraceStore, 'list'>;
}): HandlerSet<'telemetry.searches'> {
  return {
    'telemetry.searches': async () => summarizeSearchTraces(await deps.traces.list()),
  };
}
