import type { EngineContext } from './engine-context';
import { embeddersOf } from './embedders-of';
import { createHybridIndex } from './hybrid-index';
import type { HybridIndex } from './hybrid-index-types';
import type { ModelSlot } from './model-slot';

/** The live index; when none was stored its width comes from the model, so this may wait for the model. */
export async function liveIndexOf(ctx: EngineContext, slot: ModelSlot): Promise<HybridIndex> {
  if (slot.index) return slot.index;
  const stored = await slot.stored;
  if (stored) return stored;
  const e = (await embeddersOf(ctx, slot)).passages;
  return (slot.index ??= createHybridIndex({ modelId: e.modelId, dims: e.dims }));
}
