/**
 * Chunk sizes in the embedding model's own tokens, with the real tokenizer of minilm-l6-shape (the
 * WordPiece files of all-MiniLM-L6-v2) and real transformers.js, on a page where ~4 characters a token is
 * badly wrong: German compounds, URLs, minified code, Japanese, Chinese, Russian, Greek, Arabic, Korean.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { AutoTokenizer, env, type PreTrainedTokenizer } from '@huggingface/transformers';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  chunkText,
  chunkTextWithTokenizer,
  embeddingText,
  type TextChunk,
} from '../../../../lib/retrieval/engine/chunk-text';
import { createEmbedder } from '../../../../lib/retrieval/embedder/create-embedder';
import type { Embedder, ModelTokenizer } from '../../../../lib/retrieval/embedder-contract';

const modelsDir = process.env.TABWISE_MODELS_DIR ?? resolve('../shared/models');
const available = existsSync(resolve(modelsDir, 'minilm-l6-shape', 'tokenizer.json'));
if (!available)
  console.warn(`model-token chunking tests skipped: ${modelsDir}/minilm-l6-shape not found (set TABWISE_MODELS_DIR)`);

const page = readFileSync(resolve(import.meta.dirname, '../../../fixtures/chunking/multilingual-page.md'), 'utf8');
const MAX = 256;
const OVERLAP = 32;

describe.skipIf(!available)(`chunking in minilm-l6-shape tokens (${modelsDir})`, () => {
  /** The judge: the tokenizer loaded on its own, counting the way the pipeline feeds the model (with [CLS] and [SEP]). */
  let referee: PreTrainedTokenizer;
  const modelTokens = (text: string) => referee.encode(text, { add_special_tokens: true }).length;
  /** What the embedding worker counts with: the tokenizer of the loaded feature-extraction pipeline. */
  let embedder: Embedder;
  let tokenizer: ModelTokenizer;
  let calls: string[][];
  let chunks: TextChunk[];
  /** The counting calls that chunking the fixture made. */
  let chunkingCalls: string[][];

  beforeAll(async () => {
    embedder = await createEmbedder({
      model: 'minilm-l6-shape',
      dtype: 'q8',
      localModelPath: modelsDir + '/',
      allowRemote: false,
    });
    env.localModelPath = modelsDir + '/';
    referee = await AutoTokenizer.from_pretrained('minilm-l6-shape');
    expect(embedder.tokenizer, embedder.tokenizerError).toBeDefined();
    calls = [];
    tokenizer = {
      specialTokens: embedder.tokenizer!.specialTokens,
      count: (texts) => (calls.push(texts), embedder.tokenizer!.count(texts)),
    };
    chunks = await chunkTextWithTokenizer(page, tokenizer, { maxTokens: MAX, overlapTokens: OVERLAP });
    chunkingCalls = calls.slice();
  }, 60_000);

  it('the pipeline reports the special tokens it adds ([CLS] and [SEP]) and counts like the tokenizer', async () => {
    expect(tokenizer.specialTokens).toBe(2);
    const texts = ['東京は日本の首都です。', 'Москва — столица России.', 'https://example.com/a?b=c', ''];
    expect(await tokenizer.count(texts)).toEqual(texts.map((t) => modelTokens(t) - 2));
  });

  it('the fixture is one where the estimate is wrong: chunks sized by it overflow the model input', () => {
    const estimated = chunkText(page, { maxTokens: MAX, overlapTokens: OVERLAP });
    const over = estimated.map((c) => modelTokens(embeddingText(c))).filter((n) => n > MAX);
    expect(over.length).toBeGreaterThan(3);
    expect(Math.max(...over)).toBeGreaterThan(2 * MAX);
  });

  it('every chunk is at most 256 model tokens as embedded (heading line, text, [CLS] and [SEP]); tokenCount is exact', () => {
    expect(chunks.length).toBeGreaterThan(15);
    for (const c of chunks) {
      const n = modelTokens(embeddingText(c));
      expect(n, c.text.slice(0, 60)).toBeLessThanOrEqual(MAX);
      expect(c.tokenCount).toBe(n);
    }
    // Packed, not merely small: most chunks are over half the budget.
    expect(chunks.filter((c) => c.tokenCount > MAX / 2).length).toBeGreaterThan(chunks.length * 0.75);
  });

  it('consecutive chunks overlap by at most 32 model tokens, and the chunks cover the whole page in order', () => {
    const fresh: string[] = [];
    let overlapped = 0;
    chunks.forEach((c, i) => {
      const prev = chunks[i - 1];
      let k = 0;
      if (prev && prev.headingPath.join('\u0000') === c.headingPath.join('\u0000')) {
        for (let n = Math.min(prev.text.length, c.text.length); n > 0; n--) {
          if (prev.text.endsWith(c.text.slice(0, n))) {
            k = n;
            break;
          }
        }
      }
      if (k > 0) {
        overlapped++;
        expect(modelTokens(c.text.slice(0, k)) - 2, c.text.slice(0, k)).toBeLessThanOrEqual(OVERLAP);
      }
      fresh.push(c.text.slice(k));
    });
    expect(overlapped).toBeGreaterThan(3);
    const body = page.replace(/^#{1,6}\s.*$/gm, '');
    expect(fresh.join('').replace(/\s+/g, '')).toBe(body.replace(/\s+/g, ''));
  });

  it('keeps sentences whole (Latin and CJK) and the code line breaks; cuts only what cannot fit', () => {
    const japanese = chunks.filter((c) => c.headingPath.at(-1) === '日本語のドキュメント');
    expect(japanese.length).toBeGreaterThan(1);
    for (const c of japanese) expect(c.text).toMatch(/。$/);
    const russian = chunks.filter((c) => c.headingPath.at(-1) === 'Русская версия');
    for (const c of russian) expect(c.text).toMatch(/[.»]$/);
    expect(
      chunks.some((c) => c.text.includes('  for (let attempt = 0; attempt < attempts; attempt++) {\n    try {')),
    ).toBe(true);
    // The one-line minified bundle is longer than a chunk: cut between characters, then joined back without gaps.
    const minified = chunks.filter((c) => c.text.includes('e.DocsSearch') || c.text.includes('!function(e,t)'));
    expect(minified.length).toBeGreaterThan(1);
  });

  it('heading paths are kept and their tokens are part of the budget', () => {
    expect(chunks[0]!.headingPath).toEqual(['Moving a documentation search to multilingual embeddings']);
    expect(chunks.find((c) => c.text.startsWith('Die Donaudampf'))!.headingPath).toEqual([
      'Moving a documentation search to multilingual embeddings',
      'How we counted before',
      'Long German words',
    ]);
  });

  it('counts a page in a few batched calls however many sentences it has', () => {
    // Every sentence and heading; the parts of sentences longer than a chunk; the finished chunks.
    expect(chunkingCalls.length).toBe(3);
    expect(chunkingCalls[0]!.length).toBeGreaterThan(50);
    expect(chunkingCalls[2]!.length).toBe(chunks.length);
  });

  it('splits a text the estimate fits in one chunk when the model counts more than 256', async () => {
    const text = page.split('## Русская версия')[1]!.split('\n## ')[0]!.trim();
    const estimated = chunkText(text, { maxTokens: MAX, overlapTokens: OVERLAP });
    expect(estimated.length).toBe(1);
    expect(modelTokens(estimated[0]!.text)).toBeGreaterThan(MAX);
    const exact = await chunkTextWithTokenizer(text, tokenizer, { maxTokens: MAX, overlapTokens: OVERLAP });
    expect(exact.length).toBeGreaterThan(1);
    for (const c of exact) expect(modelTokens(embeddingText(c))).toBeLessThanOrEqual(MAX);
  });
});
