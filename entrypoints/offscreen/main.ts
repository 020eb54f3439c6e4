// The offscreen document: hosts the retrieval engine (index + embedding worker) for the background.
import { createOffscreenEngine } from '../../lib/retrieval/engine/offscreen-engine';
import { serveOffscreenEngine } from '../../lib/retrieval/engine/serve-offscreen-engine';

serveOffscreenEngine(
  createOffscreenEngine({
    spawnWorker: () => new Worker(new URL('./embed-worker.ts', import.meta.url), { type: 'module' }),
    crossOriginIsolated: self.crossOriginIsolated,
  }),
);
