/**
 * The embedding models Settings offers by name, and what the engine has to know about a model beyond its
 * files: how its token vectors are pooled into one. A model is still stored as plain EmbeddingModelSettings
 * (a preset is recognised by its id and precision), so settings saved before presets existed load as they are.
 */
// Types only: the embedding worker imports this file for `poolingOf`, and needs none of the settings' validation.
import type { EmbeddingModelSettings } from './index-settings';

/** How a model turns its token vectors into one passage vector, as its sentence-transformers config says. */
export interface EmbeddingPooling {
  pooling: 'mean' | 'cls';
  /** L2-normalised, so a dot product is a cosine (the index relies on it). */
  normalize: boolean;
}

export type EmbeddingPresetKey = 'english' | 'multilingual';

export interface EmbeddingModelPreset extends EmbeddingPooling {
  key: EmbeddingPresetKey;
  model: EmbeddingModelSettings;
  /** What the first use downloads: the int8 ONNX file plus tokenizer.json, as the hub lists them. */
  downloadBytes: number;
  dims: number;
  /** Transformer layers: embedding time grows with them. */
  layers: number;
}

/**
 * Neither preset wants a query or passage prefix (unlike e5's "query: " / "passage: "): both were trained on
 * plain sentence pairs. Sizes and shapes are the hub's: all-MiniLM-L6-v2 q8 is 22.7 MB of weights and a
 * 0.7 MB WordPiece tokenizer; paraphrase-multilingual-MiniLM-L12-v2 q8 is 118 MB of weights (most of it the
 * 250,037-entry embedding table) and a 17.1 MB SentencePiece (Unigram, XLM-R) tokenizer.json.
 */
export const EMBEDDING_MODEL_PRESETS: readonly EmbeddingModelPreset[] = [
  {
    key: 'english',
    // DEFAULT_EMBEDDING_MODEL (a unit test holds them equal).
    model: { id: 'Xenova/all-MiniLM-L6-v2', dtype: 'q8', localModelUrl: '', allowRemote: true },
    downloadBytes: 23_460_000,
    dims: 384,
    layers: 6,
    pooling: 'mean',
    normalize: true,
  },
  {
    key: 'multilingual',
    model: { id: 'Xenova/paraphrase-multilingual-MiniLM-L12-v2', dtype: 'q8', localModelUrl: '', allowRemote: true },
    downloadBytes: 135_100_000,
    dims: 384,
    layers: 12,
    pooling: 'mean',
    normalize: true,
  },
];

/** What the settings page shows as chosen: a preset, or 'custom' for any other id, precision or source. */
export type EmbeddingModelChoice = EmbeddingPresetKey | 'custom';

/**
 * The preset a stored model is. A model loaded from a self-hosted URL is 'custom' even under a preset's id:
 * the preset's promise (this download from the hub) is not what happens for it.
 */
export function presetOf(model: EmbeddingModelSettings): EmbeddingModelPreset | undefined {
  if (model.localModelUrl) return undefined;
  return EMBEDDING_MODEL_PRESETS.find((p) => p.model.id === model.id && p.model.dtype === model.dtype);
}

export const choiceOf = (model: EmbeddingModelSettings): EmbeddingModelChoice => presetOf(model)?.key ?? 'custom';

/**
 * The model a choice in Settings stands for, or undefined when it would change nothing (the current model,
 * or an empty custom id). 'custom' keeps today's precision and source and takes the typed hub id.
 */
export function modelOfChoice(
  choice: EmbeddingModelChoice,
  current: EmbeddingModelSettings,
  customId: string,
): EmbeddingModelSettings | undefined {
  const next =
    choice === 'custom'
      ? customId.trim()
        ? { ...current, id: customId.trim() }
        : undefined
      : EMBEDDING_MODEL_PRESETS.find((p) => p.key === choice)!.model;
  if (!next) return undefined;
  const same =
    next.id === current.id &&
    next.dtype === current.dtype &&
    (next.localModelUrl ?? '') === (current.localModelUrl ?? '') &&
    next.allowRemote === current.allowRemote;
  return same ? undefined : { ...next };
}

/** Mean pooling with normalisation unless the model is known to want otherwise (what sentence-transformers does for MiniLMs). */
export function poolingOf(modelId: string): EmbeddingPooling {
  const known = EMBEDDING_MODEL_PRESETS.find((p) => p.model.id === modelId);
  return known ? { pooling: known.pooling, normalize: known.normalize } : { pooling: 'mean', normalize: true };
}
