/**
 * The retrieval bench's in-extension part: the extension's bench build (`wxt build --mode bench`, the
 * product plus an engine-bench page; the product build has no bench code) in headless Chromium, measuring
 * in an extension page with the engine's own parts: embedding throughput of minilm-l6-shape in the
 * engine's Web Worker (on the backend the engine chooses: WebGPU with a hardware adapter, else WASM), and hybrid search latency on synthetic 10k/100k chunk indexes. Models are
 * served from the local models folder over 127.0.0.1; nothing leaves the machine.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { launchExtension } from '../../harness/launch-extension';
import { serveStatic } from '../../harness/serve-static';
import { ENGINE_BENCH_GLOBAL, type EngineBenchRequest, type EngineBenchResults } from './engine-bench/bench-protocol';
import { offscreenMemory, type DocumentMemory } from './offscreen-memory';

type SearchResult = EngineBenchResults['bench-search'];
const benchBuildDir = resolve('.output/chrome-mv3-bench');

/** The offscreen document's memory with the index empty and with 100k chunks restored (offscreen-memory.ts). */
export interface OffscreenMemoryResult {
  empty: DocumentMemory;
  full: DocumentMemory;
  bytesPerChunk: number;
}

/**
 * Runs the in-extension measurements; undefined when the bench build failed. RETRIEVAL_EXT_PARTS=embed,search,memory
 * (the default: all three) runs a subset while iterating.
 */
export async function inExtension(modelsDir: string): Promise<
  | {
      embedRate?: number;
      embedBackend?: string;
      search: Record<number, SearchResult>;
      memory?: OffscreenMemoryResult;
    }
  | undefined
> {
  const extParts = new Set((process.env.RETRIEVAL_EXT_PARTS ?? 'embed,search,memory').split(','));
  // Built every run, so the bench never measures stale code.
  console.log('offscreen: building the bench build (wxt build --mode bench)');
  const build = spawnSync('npx', ['wxt', 'build', '--mode', 'bench'], { encoding: 'utf8' });
  if (build.status !== 0 || !existsSync(resolve(benchBuildDir, 'manifest.json'))) {
    console.log(`offscreen: skipped, the bench build failed:\n${build.stdout}${build.stderr}`);
    return undefined;
  }
  const server = await serveStatic({}, { '/models/': modelsDir });
  const ext = await launchExtension({ dir: benchBuildDir, debuggingPort: true });
  try {
    const page = await ext.context.newPage();
    await page.goto(`chrome-extension://${ext.extensionId}/engine-bench.html`);
    await page.waitForFunction((name) => name in globalThis, ENGINE_BENCH_GLOBAL);
    const run = <T extends EngineBenchRequest>(request: T) =>
      page.evaluate(
        ([name, r]) => (globalThis as unknown as Record<string, (r: unknown) => Promise<unknown>>)[name]!(r),
        [ENGINE_BENCH_GLOBAL, request] as const,
      ) as Promise<EngineBenchResults[T['type']]>;
    let embedRate: number | undefined;
    let embedBackend: string | undefined;
    if (extParts.has('embed') && existsSync(resolve(modelsDir, 'minilm-l6-shape'))) {
      const r = await run({
        type: 'bench-embed',
        model: { id: 'minilm-l6-shape', dtype: 'q8', localModelUrl: `${server.url}/models/`, allowRemote: false },
        texts: 64,
        words: 190,
        rounds: 3,
      });
      embedRate = r.chunksPerSecond;
      embedBackend = r.backend;
      const on =
        r.backend === 'webgpu'
          ? 'WebGPU'
          : `WASM (${r.threads} thread${r.threads === 1 ? '' : 's'}; ${r.wasmReason ?? 'no reason given'})`;
      console.log(
        `offscreen embedding, minilm-l6-shape q8, onnxruntime-web ${on} in a Web Worker: ` +
          `${r.chunksPerSecond.toFixed(1)} chunks of ~200 tokens/s (rounds ${r.rounds.map((x) => x.toFixed(1)).join(', ')}; model load ${r.loadMs.toFixed(0)} ms)`,
      );
    } else if (extParts.has('embed')) console.log('offscreen embedding: skipped, minilm-l6-shape not found');
    const search: Record<number, SearchResult> = {};
    for (const n of extParts.has('search') ? [10_000, 100_000] : []) {
      const r = await run({ type: 'bench-search', chunks: n, queries: 50, restore: n === 100_000 });
      search[n] = r;
      console.log(
        `offscreen ${n / 1000}k chunks (384-d): built in ${r.buildMs.toFixed(0)} ms; hybrid search p50 ${r.p50.toFixed(1)} ms p95 ${r.p95.toFixed(1)} ms (target p95 ≤ 30 ms at 100k)`,
      );
      if (r.restoreMs !== undefined)
        console.log(
          `offscreen ${n / 1000}k chunks: restore from IndexedDB median ${r.restoreMs.toFixed(0)} ms: read ${(r.restoreReadMs ?? 0).toFixed(0)} ms + rebuild the Orama database (target ≤ 2000)`,
        );
    }
    let memory: OffscreenMemoryResult | undefined;
    if (extParts.has('memory')) {
      const n = 100_000;
      memory = await offscreenMemory(ext, page, n, (modelId, dims) =>
        run({ type: 'bench-store', chunks: n, modelId, dims }),
      );
      const mb = (x: number) => (x / 1e6).toFixed(1);
      console.log(
        `offscreen document memory (after GC; JS heap + array buffers and Wasm memory): empty index ${mb(memory.empty.heap)} + ${mb(memory.empty.buffers)} MB, ` +
          `${n / 1000}k chunks restored ${mb(memory.full.heap)} + ${mb(memory.full.buffers)} MB: ${memory.bytesPerChunk.toFixed(0)} B a chunk (target ≤ 1200)`,
      );
    }
    return { embedRate, embedBackend, search, memory };
  } finally {
    await ext.close();
    await server.close();
  }
}
