import type { CapturedPage, OffscreenResponses } from '../offscreen-protocol';
import { pageKeyOf } from '../page-key';
import { chunkText, chunkTextWithTokenizer, embeddingText, PAGE_CHUNKING } from './chunk-text';
import type { EngineContext } from './engine-context';
import { embeddersOf } from './embedders-of';
import { embeddedTextsOf, forgetVectorsQuietly } from './forget-vectors';
import { liveIndexOf } from './live-index-of';
import type { ModelSlot } from './model-slot';

/**
 * Chunking defaults of the issue: 256 tokens, 32 overlap, counted in the embedding model's own tokens
 * including its special tokens and the heading line embedded with the chunk. all-MiniLM-L6-v2 was trained
 * on inputs of at most 256 tokens (sentence-transformers cuts there; transformers.js only past 512, and
 * then silently), so every chunk is one input the model reads whole. The counting is done by the embedding worker with the tokenizer its
 * pipeline already loaded (a `count` request of embed-worker-protocol), not by a second AutoTokenizer in
 * this document: the same files under the same load options, no transformers.js in this bundle, and this
 * document's thread stays free for search. Batched: chunking a page costs two or three round trips (every
 * sentence and heading at once; the parts of sentences longer than a chunk, if any; the finished chunks),
 * small beside embedding it. Only when the worker could not load the tokenizer are sizes estimated
 * (about 4 characters a token), which stats report and the console warns about.
 */
const CHUNKING = PAGE_CHUNKING;

/** Chunks, embeds and indexes pages; answers once they are persisted. */
export async function ingestPages(
  ctx: EngineContext,
  slot: ModelSlot,
  pages: CapturedPage[],
): Promise<OffscreenResponses['ingest']> {
  await slot.stored;
  // New pages wait in the background's durable queue until the re-embed is on disk.
  await slot.reembedding;
  const embedder = (await embeddersOf(ctx, slot)).passages;
  const index = await liveIndexOf(ctx, slot);
  const indexed: OffscreenResponses['ingest']['indexed'] = [];
  // Texts of replaced captures that the new ones no longer have: their vectors would outlive the page.
  const replaced: string[] = [];
  for (const page of pages) {
    const before = embeddedTextsOf(index, page.url);
    const chunks = embedder.tokenizer
      ? await chunkTextWithTokenizer(page.text, embedder.tokenizer, CHUNKING)
      : chunkText(page.text, CHUNKING);
    // The heading path is embedded with the text: "Install > Linux" is context a bare paragraph lacks.
    const texts = chunks.map(embeddingText);
    if (chunks.length === 0) index.deletePage(page.url);
    else {
      const vectors = await embedder.embed(texts);
      // addPage replaces an earlier capture of the URL, so a batch re-sent after a crash is not indexed twice.
      index.addPage(
        { url: page.url, title: page.title, visitedAt: page.visitedAt, lang: page.lang, kind: page.kind },
        chunks.map((c, i) => ({ text: c.text, headingPath: c.headingPath, vector: vectors[i]! })),
      );
    }
    const kept = new Set(texts);
    replaced.push(...before.filter((t) => !kept.has(t)));
    indexed.push({ url: pageKeyOf(page.url), chunks: chunks.length });
  }
  await Promise.all([ctx.persist(slot), forgetVectorsQuietly(ctx.cache, index.modelId, replaced)]);
  return { indexed };
}
