import type { EngineStats } from '../offscreen-protocol';
import type { EngineContext } from './engine-context';
import { modelIdOf, type ModelSlot } from './model-slot';

/** Engine and index state for the settings page. Never waits for the model: before it is known, an empty index is reported as such. */
export async function engineStatsOf(ctx: EngineContext, slot: ModelSlot): Promise<EngineStats> {
  const stored = await slot.stored;
  // What search answers from (during a re-embed, the previous model's index), and this model's own index.
  const searched = slot.previous ?? slot.index ?? stored;
  const own = slot.index ?? stored;
  return {
    pages: searched?.pageCount ?? 0,
    chunks: searched?.size ?? 0,
    bytes: ctx.savedBytes,
    // The model that `model`, `modelProgress` and `modelError` describe: the chosen one, also while the pages of
    // the previous one (`reembed.from`) are re-embedded with it, so a download is never named after the old model.
    modelId: modelIdOf(slot.model),
    dims: own?.dims ?? 0,
    model: slot.status,
    ...(slot.status === 'loading' && slot.progress ? { modelProgress: { ...slot.progress } } : {}),
    ...(slot.error ? { modelError: slot.error } : {}),
    threads: slot.worker?.threads ?? 0,
    ...(slot.worker
      ? slot.worker.tokenizer
        ? { tokenCounting: 'model-tokenizer' as const }
        : { tokenCounting: 'estimate' as const, tokenCountingNote: slot.worker.tokenizerError ?? 'no tokenizer' }
      : {}),
    ...(slot.worker
      ? {
          embedBackend: slot.worker.backend,
          ...(slot.worker.wasmReason ? { embedBackendReason: slot.worker.wasmReason } : {}),
          ...(slot.worker.backendDetail ? { embedBackendDetail: slot.worker.backendDetail } : {}),
        }
      : {}),
    crossOriginIsolated: ctx.crossOriginIsolated,
    restoredChunks: slot.restored,
    restoreMs: Math.round(slot.restoreMs),
    ...(slot.reembed ? { reembed: { ...slot.reembed } } : {}),
    ...(ctx.storeReset ? { indexReset: ctx.storeReset } : {}),
  };
}
