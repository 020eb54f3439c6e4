/**
 * The engine benchmarks, run in an extension page of the bench build with the product's own parts: the
 * embedding Web Worker (on the backend the engine chooses) and the hybrid index with its IndexedDB persistence.
 */
import { createWorkerEmbedder, type WorkerLike } from '../../../../lib/retrieval/engine/create-worker-embedder';
import { INDEX_DB_NAME, loadIndex, openIndexDb, saveIndex } from '../../../../lib/retrieval/engine/index-persistence';
import { loadOptionsOf } from '../../../../lib/retrieval/engine/model-slot';
import { buildSyntheticIndex, quantile, seededRandom, timeSyntheticSearches } from '../synthetic-index';
import type { EngineBenchRequest, EngineBenchResults } from './bench-protocol';

type Request<T extends EngineBenchRequest['type']> = Extract<EngineBenchRequest, { type: T }>;

/** Embedding throughput of a model in the engine's worker: chunks a second, median of `rounds`. */
export async function benchEmbed(
  r: Request<'bench-embed'>,
  spawnWorker: () => WorkerLike,
): Promise<EngineBenchResults['bench-embed']> {
  const t0 = performance.now();
  const worker = await createWorkerEmbedder(spawnWorker, { ...loadOptionsOf(r.model), batchSize: 8 });
  const loadMs = performance.now() - t0;
  try {
    const rand = seededRandom(7);
    const words = [
      'cell',
      'protein',
      'study',
      'patient',
      'analysis',
      'result',
      'gene',
      'effect',
      'model',
      'data',
      'risk',
      'treatment',
    ];
    const texts = Array.from({ length: r.texts }, () =>
      Array.from({ length: r.words }, () => words[Math.floor(rand() * words.length)]).join(' '),
    );
    await worker.embed(texts.slice(0, 8));
    const rounds: number[] = [];
    for (let i = 0; i < r.rounds; i++) {
      const t = performance.now();
      await worker.embed(texts);
      rounds.push(texts.length / ((performance.now() - t) / 1000));
    }
    return {
      chunksPerSecond: quantile(rounds, 0.5),
      rounds,
      threads: worker.threads,
      loadMs,
      backend: worker.backend,
      ...(worker.wasmReason ? { wasmReason: worker.wasmReason } : {}),
    };
  } finally {
    worker.dispose();
  }
}

/** Hybrid search latency on a synthetic index, and optionally its restore from IndexedDB. */
export async function benchSearch(r: Request<'bench-search'>): Promise<EngineBenchResults['bench-search']> {
  const name = 'tabwise-index-bench';
  // Built, timed and saved in its own scope, so the restores below do not share the heap with it.
  const measured = async () => {
    const rand = seededRandom(r.chunks);
    const t = performance.now();
    const { index, vocab } = buildSyntheticIndex(r.chunks, rand);
    const buildMs = performance.now() - t;
    const times = timeSyntheticSearches(index, vocab, rand, r.queries);
    if (r.restore) {
      const db = await openIndexDb(name);
      await saveIndex(db, index).finally(() => db.close());
    }
    return {
      buildMs,
      p50: quantile(times, 0.5),
      p95: quantile(times, 0.95),
      mean: times.reduce((a, b) => a + b, 0) / times.length,
      modelId: index.modelId,
      dims: index.dims,
    };
  };
  const { modelId, dims, ...result } = await measured();
  if (!r.restore) return result;
  // Restore as the engine does on start: read the records from IndexedDB, rebuild the Orama database.
  const db = await openIndexDb(name);
  try {
    const restores: number[] = [];
    const reads: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const { timings } = await loadIndex(db, { modelId, dims });
      restores.push(performance.now() - t0);
      reads.push(timings?.readMs ?? 0);
    }
    return { ...result, restoreMs: quantile(restores, 0.5), restoreReadMs: quantile(reads, 0.5) };
  } finally {
    db.close();
    indexedDB.deleteDatabase(name);
  }
}

/**
 * Writes a synthetic index into the product's own index database ('tabwise-index', this extension's origin),
 * as the engine saves it, so that the offscreen document restores it when it next starts: how the memory
 * bench fills the real offscreen engine with 100k chunks without embedding them.
 */
export async function benchStore(r: Request<'bench-store'>): Promise<EngineBenchResults['bench-store']> {
  const { index, textBytes } = buildSyntheticIndex(r.chunks, seededRandom(r.chunks), r.dims, r.modelId);
  const db = await openIndexDb(INDEX_DB_NAME);
  const t = performance.now();
  try {
    await saveIndex(db, index);
  } finally {
    db.close();
  }
  return { chunks: index.size, textBytes, saveMs: performance.now() - t };
}

/** Runs one validated bench request. */
export function runEngineBench(
  request: EngineBenchRequest,
  spawnWorker: () => WorkerLike,
): Promise<EngineBenchResults[EngineBenchRequest['type']]> {
  if (request.type === 'bench-embed') return benchEmbed(request, spawnWorker);
  return request.type === 'bench-store' ? benchStore(request) : benchSearch(request);
}
