import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEmbedder } from '../../../lib/retrieval/embedder';

const modelsDir = process.env.TABWISE_MODELS_DIR ?? resolve('../shared/models');
const available = existsSync(resolve(modelsDir, 'glove-sif-100d'));
if (!available) console.warn(`embedder tests skipped: ${modelsDir}/glove-sif-100d not found (set TABWISE_MODELS_DIR)`);

describe.skipIf(!available)(`createEmbedder with glove-sif-100d from ${modelsDir}`, () => {
  it('loads locally, mean-pools, normalises, and separates meanings', async () => {
    const e = await createEmbedder({ model: 'glove-sif-100d', dtype: 'fp32', localModelPath: modelsDir + '/', allowRemote: false });
    expect(e).toMatchObject({ modelId: 'glove-sif-100d@fp32', dims: 100 });
    const [cat, kitten, stocks] = await e.embed(['cat on mat', 'kitten on rug', 'stock market crash']);
    const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);
    expect(Math.hypot(...cat!)).toBeCloseTo(1, 4);
    expect(dot(cat!, kitten!)).toBeGreaterThan(0.5);
    expect(dot(cat!, stocks!)).toBeLessThan(0.3);
    expect(await e.embed([])).toEqual([]);
  });
  it('fails with a RetrievalError for a missing model', async () => {
    await expect(createEmbedder({ model: 'no-such-model', dtype: 'fp32', localModelPath: modelsDir + '/' })).rejects.toMatchObject({ code: 'model_load_failed' });
  });
});
