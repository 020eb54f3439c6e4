/** The engine's request handlers, one per request name of offscreen-protocol. */
import type { Embedder } from '../embedder-contract';
import type { OffscreenRequest, OffscreenRequestName, OffscreenResponses } from '../offscreen-protocol';
import { configureModel } from './configure-model';
import type { EngineContext } from './engine-context';
import { embeddersOf } from './embedders-of';
import { engineStatsOf } from './engine-stats-of';
import { forgetVectors, forgetVectorsQuietly } from './forget-vectors';
import { ingestPages } from './ingest-pages';
import { liveIndexOf } from './live-index-of';
import { evictPages, removePages } from './remove-pages';
import { searchHistory } from './search-history';
import { traceSearch } from './trace-search';
import { readHtml } from '../../page/read-html';

/** A handler per request name, typed by its route: the offscreen document serves them as they are (a full set of the kit's Handlers). */
export type EngineHandlers = {
  [K in OffscreenRequestName]: (r: OffscreenRequest<K>) => Promise<OffscreenResponses[K]>;
};

/** Creates the handlers over the engine's shared state. Every request names its model: configureModel switches when it changed. */
export function createEngineHandlers(ctx: EngineContext): Omit<EngineHandlers, 'readDocument'> {
  return {
    ingest: (r) => ingestPages(ctx, configureModel(ctx, r.model), r.pages),
    async search(r) {
      const slot = configureModel(ctx, r.model);
      await slot.stored;
      // While re-embedding, the previous model's index answers (text only: its vectors are another model's).
      const previous = slot.previous;
      const traced = { record: ctx.recordSearch, now: ctx.now ?? Date.now };
      if (previous)
        return traceSearch(
          r.request.query,
          undefined,
          () =>
            searchHistory(previous, undefined, {
              ...r.request,
              mode: r.request.mode === 'dense' ? 'sparse' : r.request.mode,
            }),
          traced,
        );
      const index = await liveIndexOf(ctx, slot);
      // Text-only while the model loads or after it failed, rather than no answer at all.
      let embedder: Embedder | undefined;
      if (r.request.mode !== 'sparse') {
        try {
          embedder = (await embeddersOf(ctx, slot)).queries;
        } catch (error) {
          if (r.request.mode === 'dense') throw error;
          console.warn('history search without vectors:', error);
        }
      }
      return traceSearch(r.request.query, embedder, (timed) => searchHistory(index, timed, r.request), traced);
    },
    stats: (r) => engineStatsOf(ctx, configureModel(ctx, r.model)),
    async pages(r) {
      const slot = configureModel(ctx, r.model);
      const stored = await slot.stored;
      const index = slot.previous ?? slot.index ?? stored;
      if (!index) return { total: 0, pages: [] };
      const q = r.query?.trim().toLowerCase();
      const all = index
        .listPages()
        .filter((p) => !q || p.title.toLowerCase().includes(q) || p.url.toLowerCase().includes(q));
      all.sort((a, b) => b.visitedAt - a.visitedAt);
      return { total: all.length, pages: all.slice(0, r.limit ?? 500) };
    },
    async delete(r) {
      const slot = configureModel(ctx, r.model);
      await slot.stored;
      // Both indexes during a re-embed, so a deleted page cannot come back when it finishes.
      const out = { chunks: 0, urls: [] as string[] };
      const forgotten: Array<{ modelId: string; texts: string[] }> = [];
      for (const index of [slot.previous, slot.index]) {
        if (!index) continue;
        const removed = await removePages(index, r.target);
        out.chunks += removed.chunks;
        out.urls = [...new Set([...out.urls, ...removed.urls])];
        forgotten.push({ modelId: index.modelId, texts: removed.texts });
      }
      // The cache holds vectors derived from the deleted pages: they go too, every model's for "everything".
      if (r.target.kind === 'all') ctx.storeReset = undefined;
      const forget =
        r.target.kind === 'all'
          ? ctx.cache.clear()
          : Promise.all(forgotten.map((f) => forgetVectors(ctx.cache, f.modelId, f.texts)));
      await Promise.all([ctx.persist(slot), forget]);
      return out;
    },
    async evict(r) {
      const slot = configureModel(ctx, r.model);
      await slot.stored;
      const index = slot.previous ?? slot.index;
      if (!index) return { chunks: 0, urls: [] };
      const { texts, ...out } = await evictPages(index, r.before, r.maxChunks);
      // Quietly: the background must still learn which pages went, even if their cached vectors could not.
      if (out.chunks > 0) await Promise.all([ctx.persist(slot), forgetVectorsQuietly(ctx.cache, index.modelId, texts)]);
      return out;
    },
    // No model involved: fetch_url borrows this document's DOM for read_page's reader.
    async parseHtml(r) {
      const { title, lang, markdown, notice, nextOffset } = readHtml(r.html, r.url, { maxChars: r.maxChars });
      return {
        title,
        lang,
        markdown,
        ...(notice ? { notice } : {}),
        ...(nextOffset !== undefined ? { truncated: true } : {}),
      };
    },
  };
}
