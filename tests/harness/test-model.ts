/**
 * The small real embedding model the index tests run on (../shared/models/glove-sif-100d), served by the test's
 * own static server, and the wait for the index to take what was queued.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { callBackground } from './extension-helpers';

export const modelsDir = resolve(process.env.TABWISE_MODELS_DIR ?? '../shared/models');
export const haveTestModel = (): boolean => existsSync(resolve(modelsDir, 'glove-sif-100d', 'onnx', 'model.onnx'));
export const noTestModel = `local test model not found in ${modelsDir} (set TABWISE_MODELS_DIR)`;

/** "Remember what I read" on, embedding with the test model from `modelsUrl` (a server with `/models/` at modelsDir). */
export function rememberWithTestModel(page: Page, modelsUrl: string): Promise<unknown> {
  return callBackground(page, 'index.settings.update', {
    enabled: true,
    model: { id: 'glove-sif-100d', dtype: 'fp32', localModelUrl: `${modelsUrl}/models/`, allowRemote: false },
  });
}

/** Waits until the index's queue is empty and it holds `pages` pages; an indexing error fails at once. */
export async function waitForIndexed(page: Page, pages: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const s = await callBackground<{ pages: number; queueDepth: number; lastError?: string }>(
          page,
          'index.stats',
          {},
        );
        if (s.lastError) throw new Error(`indexing failed: ${s.lastError}`);
        return s.queueDepth === 0 ? s.pages : -1;
      },
      { timeout: 60_000, intervals: [250, 500, 1000] },
    )
    .toBe(pages);
}
