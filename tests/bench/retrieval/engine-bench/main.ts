// The bench build's engine-bench page: the engine benchmarks, called by tests/bench/retrieval/in-extension.ts.
import { ENGINE_BENCH_GLOBAL, engineBenchRequestSchema } from './bench-protocol';
import { runEngineBench } from './run-engine-bench';

const spawnWorker = () =>
  new Worker(new URL('../../../../entrypoints/offscreen/embed-worker.ts', import.meta.url), { type: 'module' });

Object.assign(globalThis, {
  [ENGINE_BENCH_GLOBAL]: (raw: unknown) => runEngineBench(engineBenchRequestSchema.parse(raw), spawnWorker),
});
