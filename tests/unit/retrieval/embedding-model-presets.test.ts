import { describe, expect, it } from 'vitest';
import {
  choiceOf,
  EMBEDDING_MODEL_PRESETS,
  modelOfChoice,
  poolingOf,
  presetOf,
} from '../../../lib/retrieval/embedding-model-presets';
import {
  DEFAULT_EMBEDDING_MODEL,
  indexSettingsSchema,
  DEFAULT_INDEX_SETTINGS,
} from '../../../lib/retrieval/index-settings';

const MULTI = 'Xenova/paraphrase-multilingual-MiniLM-L12-v2';
const english = DEFAULT_EMBEDDING_MODEL;
const multilingual = { id: MULTI, dtype: 'q8' as const, localModelUrl: '', allowRemote: true };

describe('embedding model presets', () => {
  it('the English preset is the shipped default; the multilingual one is the hub q8 model, both 384-dim', () => {
    expect(EMBEDDING_MODEL_PRESETS.map((p) => p.key)).toEqual(['english', 'multilingual']);
    expect(EMBEDDING_MODEL_PRESETS[0]!.model).toEqual(DEFAULT_EMBEDDING_MODEL);
    expect(EMBEDDING_MODEL_PRESETS[1]!.model).toEqual(multilingual);
    expect(EMBEDDING_MODEL_PRESETS.map((p) => [p.dims, p.layers])).toEqual([
      [384, 6],
      [384, 12],
    ]);
    // What Settings promises to download: about 23 MB and about 135 MB (the hub's figures).
    expect(EMBEDDING_MODEL_PRESETS.map((p) => Math.round(p.downloadBytes / 1e6))).toEqual([23, 135]);
    // Both are valid stored settings.
    for (const p of EMBEDDING_MODEL_PRESETS)
      expect(indexSettingsSchema.parse({ ...DEFAULT_INDEX_SETTINGS, model: p.model }).model).toEqual(p.model);
  });

  it('recognises a stored model as a preset by id and precision, anything else (or self-hosted) as custom', () => {
    expect(choiceOf(english)).toBe('english');
    expect(choiceOf(multilingual)).toBe('multilingual');
    // Settings stored before presets existed carry no preset field: the default loads as English.
    const before = indexSettingsSchema.parse({ ...DEFAULT_INDEX_SETTINGS });
    expect(choiceOf(before.model)).toBe('english');
    expect(choiceOf({ ...english, localModelUrl: undefined })).toBe('english');
    expect(choiceOf({ ...english, dtype: 'fp32' })).toBe('custom');
    expect(choiceOf({ ...english, id: 'Xenova/bge-small-en-v1.5' })).toBe('custom');
    expect(choiceOf({ ...multilingual, localModelUrl: 'https://mirror.example/models/' })).toBe('custom');
    expect(
      choiceOf({ id: 'glove-sif-100d', dtype: 'fp32', localModelUrl: 'http://127.0.0.1:1/', allowRemote: false }),
    ).toBe('custom');
    expect(presetOf(multilingual)?.layers).toBe(12);
  });

  it('a choice becomes the model to store, or nothing when it would change nothing', () => {
    expect(modelOfChoice('multilingual', english, '')).toEqual(multilingual);
    expect(modelOfChoice('english', multilingual, '')).toEqual(english);
    expect(modelOfChoice('english', english, '')).toBeUndefined();
    expect(modelOfChoice('multilingual', multilingual, 'ignored')).toBeUndefined();
    // A preset brings its own source: from a self-hosted copy back to the hub.
    expect(modelOfChoice('english', { ...english, localModelUrl: 'https://mirror.example/m/' }, '')).toEqual(english);
    // Custom keeps today's precision and source, and takes the typed id, trimmed.
    const local = {
      id: 'glove-sif-100d',
      dtype: 'fp32' as const,
      localModelUrl: 'http://127.0.0.1:1/',
      allowRemote: false,
    };
    expect(modelOfChoice('custom', local, '  other-model ')).toEqual({ ...local, id: 'other-model' });
    expect(modelOfChoice('custom', english, ' Xenova/bge-small-en-v1.5 ')).toEqual({
      ...english,
      id: 'Xenova/bge-small-en-v1.5',
    });
    expect(modelOfChoice('custom', english, '   ')).toBeUndefined();
    expect(modelOfChoice('custom', english, english.id)).toBeUndefined();
    // The result is a copy: storing it cannot change a preset.
    const chosen = modelOfChoice('multilingual', english, '')!;
    chosen.id = 'x';
    expect(EMBEDDING_MODEL_PRESETS[1]!.model.id).toBe(MULTI);
  });

  it('both presets are mean-pooled and normalised, as is a model nothing is known about', () => {
    expect(poolingOf(MULTI)).toEqual({ pooling: 'mean', normalize: true });
    expect(poolingOf(english.id)).toEqual({ pooling: 'mean', normalize: true });
    expect(poolingOf('someone/unknown-model')).toEqual({ pooling: 'mean', normalize: true });
  });
});
