/**
 * The extension's embedder, in Node: the same transformers.js loading, pooling and model stamp (onnxruntime-node's
 * CPU backend instead of WebAssembly), so a team chunk and a local chunk of one model are the same vector.
 */
import type { Embedder } from '../../retrieval/embedder-contract';
import { createEmbedder } from '../../retrieval/embedder/create-embedder';
import type { TeamServerConfig } from '../config';

export async function loadServerEmbedder(model: TeamServerConfig['model']): Promise<Embedder> {
  return createEmbedder({
    model: model.id,
    dtype: model.dtype,
    ...(model.localPath
      ? { localModelPath: model.localPath.endsWith('/') ? model.localPath : `${model.localPath}/` }
      : {}),
    allowRemote: model.allowRemote,
    device: 'wasm',
  });
}
