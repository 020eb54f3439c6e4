import { createWorkerEmbedder } from './create-worker-embedder';
import type { EngineContext } from './engine-context';
import { withEmbeddingCache } from './embedding-cache';
import { loadOptionsOf, type Embedders, type ModelSlot } from './model-slot';

/**
 * The slot's embedders, starting its worker on first need. A failed load is recorded for stats and
 * forgotten, so the next request tries again (the network or the model URL may be back).
 */
export function embeddersOf(ctx: EngineContext, slot: ModelSlot): Promise<Embedders> {
  if (!slot.embedder) {
    slot.status = 'loading';
    // A new attempt: the last failure is no longer the state (it comes back if this one fails too).
    slot.error = undefined;
    slot.progress = undefined;
    const onProgress = (p: NonNullable<ModelSlot['progress']>) => {
      if (ctx.current === slot) slot.progress = p;
    };
    slot.embedder = createWorkerEmbedder(ctx.spawnWorker, loadOptionsOf(slot.model), { onProgress }).then(
      (w) => {
        slot.worker = w;
        slot.status = 'ready';
        if (!w.tokenizer)
          console.warn(
            `Tabwise: chunk sizes of ${w.modelId} are estimated (about 4 characters a token): ${w.tokenizerError}`,
          );
        slot.progress = undefined;
        if (ctx.current !== slot) w.dispose();
        return { passages: withEmbeddingCache(w, ctx.cache), queries: withEmbeddingCache(w, ctx.recent) };
      },
      (error: unknown) => {
        slot.status = 'failed';
        slot.progress = undefined;
        slot.error = error instanceof Error ? error.message : String(error);
        slot.embedder = undefined;
        throw error;
      },
    );
  }
  return slot.embedder;
}
