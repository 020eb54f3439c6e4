import { describe, expect, it } from 'vitest';
import type { Embedder } from '../../lib/retrieval/embedder-contract';
import { createQueryVectors } from '../../lib/team-server/search/query-vectors';

function countingEmbedder(modelId: string) {
  const asked: string[] = [];
  const embedder: Embedder = {
    modelId,
    dims: 2,
    embed: async (texts) => {
      asked.push(...texts);
      return texts.map((t) => Float32Array.from([t.length, modelId.length]));
    },
  };
  return { embedder, asked };
}

describe('query vectors', () => {
  it('embeds a repeated query once per model, and never mixes two models', async () => {
    const cache = createQueryVectors(10);
    const a = countingEmbedder('a');
    const b = countingEmbedder('model-b');
    expect([...(await cache.embed(a.embedder, 'cats'))]).toEqual([4, 1]);
    expect([...(await cache.embed(a.embedder, 'cats'))]).toEqual([4, 1]);
    expect([...(await cache.embed(b.embedder, 'cats'))]).toEqual([4, 7]);
    expect(a.asked).toEqual(['cats']);
    expect(b.asked).toEqual(['cats']);
  });

  it('forgets the least recently used query past its capacity', async () => {
    const cache = createQueryVectors(2);
    const a = countingEmbedder('a');
    await cache.embed(a.embedder, 'one');
    await cache.embed(a.embedder, 'two');
    await cache.embed(a.embedder, 'one'); // 'two' is now the oldest
    await cache.embed(a.embedder, 'three');
    await cache.embed(a.embedder, 'one');
    await cache.embed(a.embedder, 'two');
    expect(a.asked).toEqual(['one', 'two', 'three', 'two']);
  });
});
