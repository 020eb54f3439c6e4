/**
 * The multilingual preset (paraphrase-multilingual-MiniLM-L12-v2) tokenises with XLM-R's SentencePiece
 * (Unigram, "▁" word starts, <s> … </s>), not WordPiece. No such model is on this machine, so a test model
 * with a tokenizer of that shape (tests/harness/make-sentencepiece-shape.ts, over minilm-l6-shape's weights)
 * is loaded the way the embedding worker loads one: token counting and chunk sizing must hold for it too.
 * What this cannot show is the real vocabulary's counts or any embedding quality.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { AutoTokenizer, env, type PreTrainedTokenizer } from '@huggingface/transformers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkTextWithTokenizer, embeddingText, type TextChunk } from '../../../../lib/retrieval/engine/chunk-text';
import { createEmbedder } from '../../../../lib/retrieval/embedder/create-embedder';
import type { Embedder } from '../../../../lib/retrieval/embedder-contract';
import { makeSentencePieceShapeModel } from '../../../harness/make-sentencepiece-shape';

const modelsDir = process.env.TABWISE_MODELS_DIR ?? resolve('../shared/models');
const shape = resolve(modelsDir, 'minilm-l6-shape');
const available = existsSync(resolve(shape, 'onnx', 'model_quantized.onnx'));
if (!available) console.warn(`SentencePiece chunking tests skipped: ${shape} not found (set TABWISE_MODELS_DIR)`);

const page = readFileSync(resolve(import.meta.dirname, '../../../fixtures/chunking/multilingual-page.md'), 'utf8');
const MAX = 256;

describe.skipIf(!available)('chunking in the tokens of a SentencePiece (XLM-R shaped) tokenizer', () => {
  let dir: string;
  let embedder: Embedder;
  let referee: PreTrainedTokenizer;
  let chunks: TextChunk[];
  const modelTokens = (text: string) => referee.encode(text, { add_special_tokens: true }).length;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tabwise-sp-shape-'));
    makeSentencePieceShapeModel(shape, join(dir, 'sp-shape'));
    embedder = await createEmbedder({ model: 'sp-shape', dtype: 'q8', localModelPath: dir + '/', allowRemote: false });
    env.localModelPath = dir + '/';
    referee = await AutoTokenizer.from_pretrained('sp-shape');
    expect(embedder.tokenizer, embedder.tokenizerError).toBeDefined();
    chunks = await chunkTextWithTokenizer(page, embedder.tokenizer!, { maxTokens: MAX, overlapTokens: 32 });
  }, 60_000);
  afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('is the tokenizer it claims to be: Unigram pieces with "▁" word starts, inside <s> … </s>', () => {
    expect(referee.constructor.name).toBe('XLMRobertaTokenizer');
    expect(referee.tokenize('Hello world')).toEqual(['▁hello', '▁world']);
    // A word the vocabulary lacks: one word-start piece, then continuation pieces without "▁" (no WordPiece "##").
    const pieces = referee.tokenize('Sourdough');
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe('▁sourdough');
    expect(pieces.filter((p) => p.startsWith('▁'))).toEqual([pieces[0]]);
    expect(referee.tokenize('東京は')).toEqual(['▁東', '京', 'は']);
    const ids = referee.encode('starter', { add_special_tokens: true });
    expect(referee.decode([ids[0]!])).toBe('<s>');
    expect(referee.decode([ids.at(-1)!])).toBe('</s>');
  });

  it('the embedding pipeline loads it, reports its two special tokens and counts as the tokenizer does', async () => {
    expect(embedder.dims).toBe(384);
    expect(embedder.tokenizer!.specialTokens).toBe(2);
    const texts = ['東京は日本の首都です。', 'Die Donaudampfschifffahrtsgesellschaft', 'https://example.com/a?b=c', ''];
    expect(await embedder.tokenizer!.count(texts)).toEqual(texts.map((t) => modelTokens(t) - 2));
  });

  it('every chunk of the multilingual page fits 256 of its tokens as embedded, and tokenCount is exact', () => {
    expect(chunks.length).toBeGreaterThan(10);
    for (const c of chunks) {
      const n = modelTokens(embeddingText(c));
      expect(n, c.text.slice(0, 60)).toBeLessThanOrEqual(MAX);
      expect(c.tokenCount).toBe(n);
    }
    expect(chunks.filter((c) => c.tokenCount > MAX / 2).length).toBeGreaterThan(chunks.length * 0.75);
  });

  it('embeds its passages into normalised 384-dimension vectors', async () => {
    const vectors = await embedder.embed(chunks.slice(0, 3).map(embeddingText));
    expect(vectors.map((v) => v.length)).toEqual([384, 384, 384]);
    for (const v of vectors) expect(Math.hypot(...v)).toBeCloseTo(1, 4);
  });
});
