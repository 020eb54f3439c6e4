import type { EmbeddingModelSettings } from '../index-settings';
import type { EngineContext } from './engine-context';
import { loadIndex, loadStoredIndex } from './index-persistence';
import { modelIdOf, type ModelSlot } from './model-slot';
import { reembedIndex } from './reembed-index';
import { restoreOrReset } from './restore-or-reset';

/**
 * The slot for the model a request names: the current one when the settings are the same, else a new
 * slot (the old worker is disposed) whose stored index starts restoring at once. When another model
 * wrote the stored index, that index stays searchable and its pages are re-embedded in the background.
 */
export function configureModel(ctx: EngineContext, model: EmbeddingModelSettings): ModelSlot {
  const key = JSON.stringify([model.id, model.dtype, model.localModelUrl ?? '', model.allowRemote]);
  if (ctx.current?.key === key) return ctx.current;
  ctx.current?.worker?.dispose();
  const started = performance.now();
  const slot: ModelSlot = { key, model, status: 'idle', restored: 0, restoreMs: 0, stored: Promise.resolve(undefined) };
  slot.stored = (async () => {
    const { index, storedModel } = await restoreOrReset(ctx, (store) => loadStoredIndex(store, modelIdOf(model)), {});
    slot.restoreMs = performance.now() - started;
    slot.restored = index?.size ?? 0;
    if (index) slot.index ??= index;
    else if (storedModel) {
      slot.previous = await restoreOrReset(
        ctx,
        async (store) => (await loadIndex(store, storedModel)).index,
        undefined,
      );
      if (slot.previous && slot.previous.pageCount > 0) slot.reembedding = reembedIndex(ctx, slot, slot.previous);
      else slot.previous = undefined;
    }
    return index;
  })();
  ctx.current = slot;
  return slot;
}
