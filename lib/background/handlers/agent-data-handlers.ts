/** telemetry.stats and memories.*: what the agent keeps about the user's runs and what it was asked to remember. */
import { computeLatencyStats } from '../../agent/compute-latency-stats';
import type { LatencyStore } from '../../agent/latency-store';
import type { MemoryStore } from '../../tools/memory-store';
import type { Awaitable, HandlerSet } from './handler-set';

/** Telemetry looks at this many of the newest records. */
export const STATS_WINDOW = 500;

export function createAgentDataHandlers(deps: {
  latency: Awaitable<LatencyStore>;
  memory: Awaitable<MemoryStore>;
}): HandlerSet<'telemetry.stats' | 'memories.list' | 'memories.delete'> {
  return {
    'telemetry.stats': async () => computeLatencyStats(await (await deps.latency).list(), STATS_WINDOW),
    'memories.list': async () =>
      (await (await deps.memory).list()).map((m) => ({
        id: m.id,
        text: m.text,
        tags: m.tags,
        createdAt: m.createdAt,
        ...(m.url ? { url: m.url } : {}),
      })),
    'memories.delete': async ({ id }) => {
      await (await deps.memory).delete(id);
    },
  };
}
