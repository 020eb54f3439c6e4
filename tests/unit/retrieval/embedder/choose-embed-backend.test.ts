/**
 * The embedding backend choice (lib/retrieval/embedder/choose-embed-backend.ts) with a fake GPU and a fake
 * loader: WebGPU only where a hardware adapter exists, the model loads and runs there and agrees with
 * WebAssembly; WebAssembly, with the reason, in every other case.
 */
import { describe, expect, it } from 'vitest';
import {
  compareVectors,
  loadOnBestBackend,
  webGpuAvailability,
  type BackendLoader,
  type GpuLike,
} from '../../../../lib/retrieval/embedder/choose-embed-backend';
import type { EmbedBackend } from '../../../../lib/retrieval/embedder-contract';

const gpuWith = (adapter: unknown): GpuLike => ({ requestAdapter: async () => adapter });
const hardware = gpuWith({ info: { vendor: 'nvidia', isFallbackAdapter: false } });

/** A loader recording what it was asked; `failOn` backends throw on load, `agree` answers the comparison. */
function fakeLoader(options: { failOn?: EmbedBackend[]; agree?: () => Promise<unknown> } = {}) {
  const calls: string[] = [];
  const loader: BackendLoader<{ on: EmbedBackend }> = {
    async load(backend) {
      calls.push(`load ${backend}`);
      if (options.failOn?.includes(backend))
        throw new Error(`no ${backend}`, { cause: new Error('GPUDevice lost: shader compile failed') });
      return { on: backend };
    },
    async agree(wasm, gpu) {
      calls.push(`agree ${wasm.on} ${gpu.on}`);
      return (options.agree ? await options.agree() : { same: true }) as { same: true };
    },
    async dispose(loaded) {
      calls.push(`dispose ${loaded.on}`);
    },
  };
  return { loader, calls };
}

describe('webGpuAvailability', () => {
  it('tells no WebGPU, no adapter, a software adapter and a hardware one apart, and never throws', async () => {
    expect(await webGpuAvailability(undefined)).toBe('no-webgpu');
    expect(await webGpuAvailability({} as GpuLike)).toBe('no-webgpu');
    expect(await webGpuAvailability(gpuWith(null))).toBe('no-adapter');
    const throwing: GpuLike = { requestAdapter: () => Promise.reject(new Error('GPU process crashed')) };
    expect(await webGpuAvailability(throwing)).toBe('no-adapter');
    // Chromium 136+ says it on GPUAdapterInfo; older ones on the adapter.
    expect(await webGpuAvailability(gpuWith({ info: { isFallbackAdapter: true } }))).toBe('software-adapter');
    expect(await webGpuAvailability(gpuWith({ isFallbackAdapter: true, info: {} }))).toBe('software-adapter');
    expect(await webGpuAvailability(hardware)).toBe('adapter');
    expect(await webGpuAvailability(gpuWith({}))).toBe('adapter');
  });
});

describe('loadOnBestBackend', () => {
  it('without WebGPU, or without an adapter, loads on WebAssembly only, as before', async () => {
    for (const [gpu, reason] of [
      [undefined, 'no-webgpu'],
      [gpuWith(null), 'no-adapter'],
    ] as const) {
      const { loader, calls } = fakeLoader();
      expect(await loadOnBestBackend(loader, { gpu })).toEqual({ loaded: { on: 'wasm' }, backend: 'wasm', reason });
      expect(calls).toEqual(['load wasm']);
    }
  });

  it('a software (fallback) adapter is not used: it is slower than WebAssembly', async () => {
    const { loader, calls } = fakeLoader();
    const chosen = await loadOnBestBackend(loader, { gpu: gpuWith({ info: { isFallbackAdapter: true } }) });
    expect(chosen).toMatchObject({ backend: 'wasm', reason: 'software-adapter' });
    expect(calls).toEqual(['load wasm']);
  });

  it('with a hardware adapter, a model that loads on WebGPU and agrees with WebAssembly runs on WebGPU', async () => {
    const { loader, calls } = fakeLoader();
    const chosen = await loadOnBestBackend(loader, { gpu: hardware });
    expect(chosen).toEqual({ loaded: { on: 'webgpu' }, backend: 'webgpu' });
    // WebAssembly was the reference, and is freed once WebGPU is chosen.
    expect(calls).toEqual(['load wasm', 'load webgpu', 'agree wasm webgpu', 'dispose wasm']);
  });

  it('a model that fails to load on WebGPU stays on WebAssembly, with WebGPU’s error and its cause', async () => {
    const { loader, calls } = fakeLoader({ failOn: ['webgpu'] });
    const chosen = await loadOnBestBackend(loader, { gpu: hardware });
    expect(chosen).toEqual({
      loaded: { on: 'wasm' },
      backend: 'wasm',
      reason: 'webgpu-failed',
      detail: 'no webgpu: GPUDevice lost: shader compile failed',
    });
    expect(calls).toEqual(['load wasm', 'load webgpu']);
  });

  it('a model whose probe fails on WebGPU, or whose vectors differ there, stays on WebAssembly; WebGPU is freed', async () => {
    const failing = fakeLoader({ agree: () => Promise.reject(new Error('embedding 4 texts failed')) });
    expect(await loadOnBestBackend(failing.loader, { gpu: hardware })).toEqual({
      loaded: { on: 'wasm' },
      backend: 'wasm',
      reason: 'webgpu-failed',
      detail: 'embedding 4 texts failed',
    });
    expect(failing.calls).toEqual(['load wasm', 'load webgpu', 'agree wasm webgpu', 'dispose webgpu']);
    const differing = fakeLoader({ agree: async () => ({ same: false, detail: 'cosine 0.0412' }) });
    expect(await loadOnBestBackend(differing.loader, { gpu: hardware })).toMatchObject({
      backend: 'wasm',
      reason: 'webgpu-differs',
      detail: 'cosine 0.0412',
    });
    expect(differing.calls.at(-1)).toBe('dispose webgpu');
  });

  it('a failed WebAssembly load fails the load: WebGPU is not tried in its place', async () => {
    const { loader, calls } = fakeLoader({ failOn: ['wasm'] });
    await expect(loadOnBestBackend(loader, { gpu: hardware })).rejects.toThrow('no wasm');
    expect(calls).toEqual(['load wasm']);
  });

  it('a forced backend is loaded as asked, without asking for an adapter and without fallback', async () => {
    const never: GpuLike = {
      requestAdapter: () => {
        throw new Error('must not be asked');
      },
    };
    const wasm = fakeLoader();
    expect(await loadOnBestBackend(wasm.loader, { gpu: never, prefer: 'wasm' })).toMatchObject({
      backend: 'wasm',
      reason: 'asked',
    });
    expect(wasm.calls).toEqual(['load wasm']);
    const gpu = fakeLoader();
    expect(await loadOnBestBackend(gpu.loader, { gpu: never, prefer: 'webgpu' })).toEqual({
      loaded: { on: 'webgpu' },
      backend: 'webgpu',
    });
    expect(gpu.calls).toEqual(['load webgpu']);
    const failing = fakeLoader({ failOn: ['webgpu'] });
    await expect(loadOnBestBackend(failing.loader, { gpu: hardware, prefer: 'webgpu' })).rejects.toThrow('no webgpu');
    expect(failing.calls).toEqual(['load webgpu']);
  });

  it('a dispose that throws does not fail the load', async () => {
    const { loader } = fakeLoader();
    loader.dispose = () => {
      throw new Error('already released');
    };
    expect(await loadOnBestBackend(loader, { gpu: hardware })).toMatchObject({ backend: 'webgpu' });
  });
});

describe('compareVectors', () => {
  const v = (...xs: number[]) => Float32Array.from(xs);
  it('float rounding is the same vector; another direction, NaN, another width or count is not', () => {
    expect(compareVectors([v(0.6, 0.8), v(1, 0)], [v(0.6001, 0.7999), v(1, 1e-4)])).toEqual({ same: true });
    expect(compareVectors([v(0.6, 0.8)], [v(0.8, 0.6)])).toMatchObject({
      same: false,
      detail: expect.stringContaining('cosine 0.9600'),
    });
    expect(compareVectors([v(1, 0)], [v(Number.NaN, 0)])).toMatchObject({ same: false });
    expect(compareVectors([v(1, 0)], [v(0, 0)])).toMatchObject({ same: false });
    expect(compareVectors([v(1, 0)], [v(1, 0, 0)])).toMatchObject({ same: false, detail: 'width 3, not 2' });
    expect(compareVectors([v(1, 0), v(0, 1)], [v(1, 0)])).toMatchObject({ same: false });
  });
});
