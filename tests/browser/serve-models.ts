// vitest `globalSetup` of the browser project: serves the local test models (TABWISE_MODELS_DIR, default
// ../shared/models) over 127.0.0.1, so browser tests can run the real embedding worker on them.
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { serveStatic } from '../harness/serve-static';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL prefix of the model folders, ending in '/'. */
    modelsUrl: string;
    modelsDir: string;
    /** The model folders found there (none when the folder is missing). */
    models: string[];
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = resolve(process.env.TABWISE_MODELS_DIR ?? '../shared/models');
  const server = await serveStatic({}, { '/models/': dir });
  project.provide('modelsUrl', `${server.url}/models/`);
  project.provide('modelsDir', dir);
  project.provide(
    'models',
    existsSync(dir) ? readdirSync(dir).filter((f) => existsSync(resolve(dir, f, 'config.json'))) : [],
  );
  return () => server.close();
}
