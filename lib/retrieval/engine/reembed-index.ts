import { embeddingText } from './chunk-text';
import type { EngineContext } from './engine-context';
import { embeddersOf } from './embedders-of';
import { embeddedTextsOf, forgetVectorsQuietly } from './forget-vectors';
import { createHybridIndex } from './hybrid-index';
import type { HybridIndex } from './hybrid-index-types';
import type { ModelSlot } from './model-slot';

/** Every page's embedded texts (read page by page). */
async function allEmbeddedTexts(index: HybridIndex): Promise<string[]> {
  const texts: string[] = [];
  for (const p of index.listPages()) texts.push(...(await embeddedTextsOf(index, p.url)));
  return texts;
}

/**
 * Re-embeds the pages of another model's index `old` into the slot's index, in the background, with
 * progress in `slot.reembed`. Stops (forgetting what it embedded) when the model changes again; on
 * failure the old index stays searchable and the next configure (or restart) tries again.
 */
export async function reembedIndex(ctx: EngineContext, slot: ModelSlot, old: HybridIndex): Promise<void> {
  const pages = old.listPages();
  slot.reembed = { done: 0, total: pages.length, from: old.modelId };
  // Texts this run embedded: if the model changes again before it ends, their vectors belong to no index.
  const embedded: string[] = [];
  try {
    const embedder = (await embeddersOf(ctx, slot)).passages;
    const index = (slot.index ??= createHybridIndex({ modelId: embedder.modelId, dims: embedder.dims }));
    const have = new Set(index.listPages().map((p) => p.url));
    for (const page of pages) {
      if (ctx.current !== slot) {
        await forgetVectorsQuietly(ctx.cache, index.modelId, embedded);
        return;
      }
      const chunks = await old.pageChunks(page.url);
      // Skipped: captured again since the model change (already in the new index, newer), or deleted meanwhile.
      if (!have.has(page.url) && chunks.length > 0) {
        // Sized in the previous model's tokens: under another tokenizer a chunk may pass 256 (nothing is
        // lost below the new model's maximum length; re-capturing the page re-chunks it).
        const texts = chunks.map(embeddingText);
        const vectors = await embedder.embed(texts);
        // Checked again after the await: a page deleted meanwhile (from `old`) must not come back.
        if (!index.listPages().some((p) => p.url === page.url) && old.listPages().some((p) => p.url === page.url)) {
          index.addPage(
            {
              url: page.url,
              title: page.title,
              visitedAt: page.visitedAt,
              domain: page.domain,
              lang: page.lang,
              kind: page.kind,
            },
            chunks.map((c, i) => ({ ...c, vector: vectors[i]! })),
          );
          embedded.push(...texts);
        } else await forgetVectorsQuietly(ctx.cache, index.modelId, texts);
      }
      slot.reembed.done++;
    }
    slot.previous = undefined;
    slot.reembed = undefined;
    await ctx.persist(slot);
    // The previous model's vectors now belong to no stored index: a later deletion could not find them.
    if (old.modelId !== index.modelId) await forgetVectorsQuietly(ctx.cache, old.modelId, await allEmbeddedTexts(old));
  } catch (error) {
    slot.error = `re-embedding failed: ${error instanceof Error ? error.message : String(error)}`;
    console.error('Tabwise: re-embedding the history index failed', error);
  }
}
