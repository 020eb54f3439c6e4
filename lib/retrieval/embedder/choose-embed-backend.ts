/**
 * Which onnxruntime backend an embedding model runs on: WebGPU where the device offers a hardware adapter, the
 * model loads and runs there, and it gives the vectors WebAssembly gives; WebAssembly otherwise. The GPU, the
 * loader and the comparison are passed in, so the choice is tested without a browser. Where WebGPU is missing
 * nothing changes: the model is loaded on WebAssembly as it always was, and nothing else is tried.
 */
import type { EmbedBackend, EmbedDevicePreference, WasmReason } from '../embedder-contract';

/** The part of `navigator.gpu` the choice needs. */
export interface GpuLike {
  requestAdapter(): Promise<unknown>;
}

export interface BackendChoice<T> {
  loaded: T;
  backend: EmbedBackend;
  /** Set when `backend` is 'wasm'. */
  reason?: WasmReason;
  /** With 'webgpu-failed' or 'webgpu-differs': what WebGPU's load said, or how far its vectors were. */
  detail?: string;
}

/** How a model on WebGPU compares with the same model on WebAssembly. */
export type Agreement = { same: true } | { same: false; detail: string };

export interface BackendLoader<T> {
  load(backend: EmbedBackend): Promise<T>;
  /** Whether `gpu` gives the vectors `wasm` gives (on fixed probe texts). */
  agree(wasm: T, gpu: T): Promise<Agreement>;
  /** Frees the one not chosen. */
  dispose(loaded: T): Promise<void>;
}

/**
 * Whether `gpu` (navigator.gpu, undefined where the context has none) gives an adapter that is a real GPU. A
 * fallback adapter (software rendering: SwiftShader, when Chromium runs with --enable-unsafe-webgpu and no usable
 * GPU) is reported apart: it is many times slower than WebAssembly for these models. Never throws.
 */
export async function webGpuAvailability(
  gpu: GpuLike | undefined,
): Promise<'adapter' | 'no-webgpu' | 'no-adapter' | 'software-adapter'> {
  if (!gpu || typeof gpu.requestAdapter !== 'function') return 'no-webgpu';
  let adapter: { isFallbackAdapter?: boolean; info?: { isFallbackAdapter?: boolean } } | null | undefined;
  try {
    adapter = (await gpu.requestAdapter()) as typeof adapter;
  } catch {
    return 'no-adapter';
  }
  if (!adapter) return 'no-adapter';
  // GPUAdapterInfo.isFallbackAdapter (Chromium 136+); GPUAdapter.isFallbackAdapter before that.
  return adapter.info?.isFallbackAdapter || adapter.isFallbackAdapter ? 'software-adapter' : 'adapter';
}

/**
 * Loads on the best backend. 'auto' (the product) loads on WebAssembly first, always: it is the fallback and
 * the reference. Only where a hardware adapter exists is the model then also loaded on WebGPU, and kept there
 * if its vectors agree with WebAssembly's; the other one is disposed. A WebGPU load, run or comparison that
 * fails leaves the model on WebAssembly, with the reason. A forced backend is loaded as asked, with no fallback.
 */
export async function loadOnBestBackend<T>(
  loader: BackendLoader<T>,
  options: { gpu: GpuLike | undefined; prefer?: EmbedDevicePreference },
): Promise<BackendChoice<T>> {
  const prefer = options.prefer ?? 'auto';
  if (prefer === 'webgpu') return { loaded: await loader.load('webgpu'), backend: 'webgpu' };
  const wasm = await loader.load('wasm');
  if (prefer === 'wasm') return { loaded: wasm, backend: 'wasm', reason: 'asked' };
  const availability = await webGpuAvailability(options.gpu);
  if (availability !== 'adapter') return { loaded: wasm, backend: 'wasm', reason: availability };
  let gpu: T;
  try {
    gpu = await loader.load('webgpu');
  } catch (error) {
    return { loaded: wasm, backend: 'wasm', reason: 'webgpu-failed', detail: messageOf(error) };
  }
  let failed: Pick<BackendChoice<T>, 'reason' | 'detail'> | undefined;
  try {
    const agreement = await loader.agree(wasm, gpu);
    if (!agreement.same) failed = { reason: 'webgpu-differs', detail: agreement.detail };
  } catch (error) {
    // Loaded, but failed to embed the probe texts.
    failed = { reason: 'webgpu-failed', detail: messageOf(error) };
  }
  if (failed) {
    await disposeQuietly(loader, gpu);
    return { loaded: wasm, backend: 'wasm', ...failed };
  }
  await disposeQuietly(loader, wasm);
  return { loaded: gpu, backend: 'webgpu' };
}

/** Cosine of two vectors of one width (0 when either is all zeros). */
export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    aa += a[i]! * a[i]!;
    bb += b[i]! * b[i]!;
  }
  return aa > 0 && bb > 0 ? dot / Math.sqrt(aa * bb) : 0;
}

/** The least cosine at which two backends' vectors of one text count as the same (float rounding, not a bug). */
export const SAME_VECTOR_COSINE = 0.999;

/** Whether two backends' vectors of the same texts agree, text by text. */
export function compareVectors(wasm: Float32Array[], gpu: Float32Array[]): Agreement {
  if (wasm.length !== gpu.length) return { same: false, detail: `${gpu.length} vectors for ${wasm.length} texts` };
  let least = 1;
  for (let i = 0; i < wasm.length; i++) {
    if (wasm[i]!.length !== gpu[i]!.length)
      return { same: false, detail: `width ${gpu[i]!.length}, not ${wasm[i]!.length}` };
    const c = cosine(wasm[i]!, gpu[i]!);
    // NaN (a broken kernel) is never the same.
    least = Number.isNaN(c) ? -1 : Math.min(least, c);
  }
  return least >= SAME_VECTOR_COSINE
    ? { same: true }
    : { same: false, detail: `cosine ${least.toFixed(4)} to WebAssembly's vectors (at least ${SAME_VECTOR_COSINE})` };
}

/** Freeing a session that is no longer used must not fail the load. */
async function disposeQuietly<T>(loader: BackendLoader<T>, loaded: T): Promise<void> {
  try {
    await loader.dispose(loaded);
  } catch {
    // Nothing to do: the session is dropped either way.
  }
}

function messageOf(error: unknown): string {
  const own = error instanceof Error ? error.message : String(error);
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  const causeMessage = cause instanceof Error ? cause.message : cause ? String(cause) : '';
  return (causeMessage && !own.includes(causeMessage) ? `${own}: ${causeMessage}` : own).slice(0, 500);
}
