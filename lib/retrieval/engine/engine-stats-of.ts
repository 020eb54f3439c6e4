import type { EngineStats } from '../offscreen-protocol';
import type { EngineContext } from './engine-context';
import { modelIdOf, type ModelSlot } from './model-slot';

/** Engine and index state for the settings page. Never waits for the model: before it is known, an empty index is reported as such. */
export async function engineStatsOf(ctx: EngineContext, slot: ModelSlot): Promise<EngineStats> {
  const stored = await slot.stored;
  const index = slot.previous ?? slot.index ?? stored;
  return {
    pages: index?.pageCount ?? 0,
    chunks: index?.size ?? 0,
    bytes: ctx.savedBytes,
    modelId: index?.modelId ?? modelIdOf(slot.model),
    dims: index?.dims ?? 0,
    model: slot.status,
    ...(slot.status === 'loading' && slot.progress ? { modelProgress: { ...slot.progress } } : {}),
    ...(slot.error ? { modelError: slot.error } : {}),
    threads: slot.worker?.threads ?? 0,
    ...(slot.worker
      ? slot.worker.tokenizer
        ? { tokenCounting: 'model-tokenizer' as const }
        : { tokenCounting: 'estimate' as const, tokenCountingNote: slot.worker.tokenizerError ?? 'no tokenizer' }
      : {}),
    crossOriginIsolated: ctx.crossOriginIsolated,
    restoredChunks: slot.restored,
    restoreMs: Math.round(slot.restoreMs),
    ...(slot.reembed ? { reembed: { ...slot.reembed } } : {}),
    ...(ctx.storeReset ? { indexReset: ctx.storeReset } : {}),
  };
}
