import { describe, expect, it } from 'vitest';
import type { HistoryPassage } from '../../../../lib/retrieval/history-passage';
import { createIngestService } from '../../../../lib/retrieval/ingest/ingest-service';
import type { OffscreenClient } from '../../../../lib/retrieval/ingest/offscreen-client';
import type { EngineStats } from '../../../../lib/retrieval/offscreen-protocol';

const passage: HistoryPassage = {
  title: 'Orama',
  url: 'https://docs.example.com/orama',
  fragmentUrl: 'https://docs.example.com/orama#:~:text=BM25',
  visitedAt: 1,
  score: 0.8,
  snippet: 'BM25 ranking',
  highlights: [[0, 4]],
  headingPath: ['Intro'],
  text: 'Orama ranks with BM25.',
  chunkId: 'https://docs.example.com/orama#0',
};
const engineStats: EngineStats = {
  pages: 1,
  chunks: 2,
  bytes: 0,
  modelId: 'm@q8',
  dims: 4,
  model: 'idle',
  threads: 0,
  crossOriginIsolated: false,
  restoredChunks: 0,
  restoreMs: 0,
};

/** A client answering search with `passages` and stats with engineStats. */
function clientAnswering(passages: unknown): OffscreenClient {
  return {
    async send(name) {
      if (name === 'search') return passages as never;
      if (name === 'stats') return engineStats as never;
      throw new Error(`unexpected ${name}`);
    },
  };
}

describe('ingest service', () => {
  it("passes on the engine's passages when they have the passage shape", async () => {
    const service = createIngestService({ client: clientAnswering([passage]) });
    expect(await service.search({ query: 'bm25' })).toEqual([passage]);
  });

  it('refuses a search reply that is not a list of passages, rather than handing it to the model', async () => {
    const service = createIngestService({ client: clientAnswering([{ title: 'Orama', url: 42 }]) });
    await expect(service.search({ query: 'bm25' })).rejects.toThrow();
  });

  it("stats: the engine's, the queue's, and the one set of ingest counters", async () => {
    const stats = await createIngestService({ client: clientAnswering([]) }).stats();
    expect(stats).toMatchObject({
      ...engineStats,
      enabled: false,
      paused: false,
      queueDepth: 0,
      refused: expect.any(Number),
      indexed: expect.any(Number),
    });
    expect(stats).not.toHaveProperty('indexedTotal');
  });
});
