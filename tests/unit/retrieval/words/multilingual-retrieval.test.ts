import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEmbedder } from '../../../../lib/retrieval/embedder/create-embedder';
import {
  buildMultilingualIndex,
  multilingualQueries,
  rankedIds,
} from '../../../fixtures/multilingual/multilingual-set';
import { createHybridIndex } from '../../../../lib/retrieval/engine/hybrid-index';

const modelsDir = process.env.TABWISE_MODELS_DIR ?? resolve('../shared/models');
const glove = existsSync(resolve(modelsDir, 'glove-sif-100d'));

/** "lang: query → page" for every query whose page is not ranked first, so a failure names them. */
function misses(rank: (text: string) => string[], langs?: string[]): string[] {
  return multilingualQueries()
    .filter((q) => !langs || langs.includes(q.lang))
    .filter((q) => rank(q.text)[0] !== q.relevant[0])
    .map((q) => `${q.lang}: ${q.text} → ${rank(q.text).slice(0, 3).join(', ') || 'nothing'}`);
}

describe('retrieval in every language (tests/fixtures/multilingual)', () => {
  it('finds each page first by a query in its own language, by keyword alone', async () => {
    const index = await buildMultilingualIndex();
    expect(misses((t) => rankedIds(index, t))).toEqual([]);
  });

  it('finds the Japanese, Chinese, German, French and Arabic pages by words inside a sentence or inflected', async () => {
    const index = await buildMultilingualIndex();
    // Words only a segmenter finds (no spaces) and forms only a stemmer joins (Brote/Brot, billet/billets, ونهر/نهر).
    expect(rankedIds(index, '人口')).toEqual(expect.arrayContaining(['ja-tokyo', 'zh-beijing']));
    expect(rankedIds(index, 'Brote')[0]).toBe('de-bread');
    expect(rankedIds(index, 'billet')[0]).toBe('fr-trains');
    expect(rankedIds(index, 'نهر')[0]).toBe('ar-cairo');
  });

  it('finds a mixed-language page by each of its languages, and a page of unknown language unstemmed', async () => {
    const index = await buildMultilingualIndex();
    expect(rankedIds(index, '清水寺')[0]).toBe('mixed-trip');
    expect(rankedIds(index, 'Currywurst')[0]).toBe('mixed-trip');
    expect(rankedIds(index, '病院')[0]).toBe('mixed-lang-unknown');
    expect(rankedIds(index, 'Krankenhaus')[0]).toBe('mixed-lang-unknown');
    // Not stemmed: the page declared no language, so "hospitals" is not "hospital".
    expect(rankedIds(index, 'hospitals')).toEqual([]);
  });

  it('stems a page of no declared language as nothing, not English', () => {
    const index = createHybridIndex({ modelId: 'none', dims: 1 });
    index.addPage({ url: 'https://x.test/a', title: 'A', visitedAt: 0 }, [
      { text: 'running studies', headingPath: [], vector: new Float32Array(1) },
    ]);
    expect(index.search({ text: 'run', topK: 5 })).toEqual([]);
    expect(index.search({ text: 'running', topK: 5 })).toHaveLength(1);
  });

  it.skipIf(!glove)('finds them hybrid too, with a real embedding model beside the keywords', async () => {
    const embedder = await createEmbedder({
      model: 'glove-sif-100d',
      dtype: 'fp32',
      localModelPath: modelsDir + '/',
      allowRemote: false,
    });
    const index = await buildMultilingualIndex((texts) => embedder.embed(texts));
    const queries = multilingualQueries();
    const vectors = await embedder.embed(queries.map((q) => q.text));
    const byText = new Map(queries.map((q, i) => [q.text, vectors[i]!]));
    expect(misses((t) => rankedIds(index, t, byText.get(t)))).toEqual([]);
  });
});

describe('the index across a save', () => {
  const page = (lang?: string) => ({
    url: 'https://x.test/a',
    title: 'Studies',
    visitedAt: 0,
    ...(lang ? { lang } : {}),
  });
  const chunk = { text: '東京は日本の首都です。Running studies.', headingPath: [], vector: new Float32Array(1) };

  it('keeps each page language and the stems of every language through snapshot and restore', () => {
    const index = createHybridIndex({ modelId: 'none', dims: 1 });
    index.addPage(page('en'), [chunk]);
    const restored = createHybridIndex({ modelId: 'none', dims: 1 }, index.snapshot());
    expect(restored.listPages()[0]?.lang).toBe('en');
    expect(restored.search({ text: 'run', topK: 5 })).toHaveLength(1);
    expect(restored.search({ text: '首都', topK: 5 })).toHaveLength(1);
  });

  it('re-reads a snapshot made by the English-only tokenizer as English, with CJK split into words', () => {
    const index = createHybridIndex({ modelId: 'none', dims: 1 });
    index.addPage(page(), [chunk]);
    const snap = index.snapshot();
    // What the old tokenizer stored: no version, English stems, the CJK sentence as one term.
    const legacy = { ...snap, sparse: { ...snap.sparse } };
    delete legacy.sparse.tokenizer;
    const restored = createHybridIndex({ modelId: 'none', dims: 1 }, legacy);
    expect(restored.search({ text: 'run', topK: 5 })).toHaveLength(1);
    expect(restored.search({ text: '首都', topK: 5 })).toHaveLength(1);
    expect(restored.snapshot().sparse.tokenizer).toBe(2);
  });
});
