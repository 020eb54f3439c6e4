// The embedding Web Worker of the offscreen document: onnxruntime's bundled .wasm, never a CDN.
import ortWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import { serveEmbedder } from '../../lib/retrieval/embedder/serve-embedder';

serveEmbedder(
  self as unknown as Parameters<typeof serveEmbedder>[0],
  { wasm: new URL(ortWasmUrl, self.location.href).href },
  navigator.hardwareConcurrency,
);
