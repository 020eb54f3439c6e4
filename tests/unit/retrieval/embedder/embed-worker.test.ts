/**
 * The embedding worker's protocol end to end in Node: serveEmbedder (the worker side, with the real
 * transformers.js pipeline and tokenizer of minilm-l6-shape) talking to createWorkerEmbedder (the
 * offscreen document's side) through structured-cloned messages, and both sides' validation.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createWorkerEmbedder, type WorkerLike } from '../../../../lib/retrieval/engine/create-worker-embedder';
import { fromEmbedWorkerSchema, toEmbedWorkerSchema } from '../../../../lib/retrieval/embed-worker-protocol';
import { serveEmbedder, type WorkerScope } from '../../../../lib/retrieval/embedder/serve-embedder';

const modelsDir = process.env.TABWISE_MODELS_DIR ?? resolve('../shared/models');
const available = existsSync(resolve(modelsDir, 'minilm-l6-shape'));
if (!available)
  console.warn(`embedding worker tests skipped: ${modelsDir}/minilm-l6-shape not found (set TABWISE_MODELS_DIR)`);

type Listener = (event: MessageEvent & ErrorEvent) => void;

/** A worker whose other end is serveEmbedder in this process (messages are cloned, as postMessage does). */
function inProcessWorker(sent: unknown[] = []): WorkerLike {
  const toWorker: Array<(e: MessageEvent) => void> = [];
  const toClient: Listener[] = [];
  const scope: WorkerScope = {
    postMessage: (m) =>
      setTimeout(() => toClient.forEach((l) => l({ data: structuredClone(m) } as MessageEvent & ErrorEvent))),
    addEventListener: (_type, l) => toWorker.push(l),
  };
  serveEmbedder(scope, { wasm: 'file:///unused-in-node.wasm' });
  return {
    postMessage(m) {
      sent.push(m);
      setTimeout(() => toWorker.forEach((l) => l({ data: structuredClone(m) } as MessageEvent)));
    },
    addEventListener: (type, l) => {
      if (type === 'message') toClient.push(l);
    },
    terminate() {},
  };
}

/** A worker that answers `load` with `loaded`, and everything else with `reply(request)`. */
function scriptedWorker(
  loaded: Record<string, unknown>,
  reply: (m: { type: string; id: number; texts?: string[] }) => unknown,
): WorkerLike {
  const listeners: Listener[] = [];
  return {
    postMessage(m) {
      const msg = m as { type: string; id: number };
      const data =
        msg.type === 'load'
          ? { type: 'loaded', id: msg.id, modelId: 'm@fp32', dims: 3, threads: 1, backend: 'wasm', ...loaded }
          : reply(msg);
      setTimeout(() => listeners.forEach((l) => l({ data } as MessageEvent & ErrorEvent)));
    },
    addEventListener: (type, l) => {
      if (type === 'message') listeners.push(l);
    },
    terminate() {},
  };
}

describe('embed worker protocol schemas', () => {
  it('accept count requests and replies, and refuse malformed ones', () => {
    expect(toEmbedWorkerSchema.safeParse({ type: 'count', id: 1, texts: ['a', ''] }).success).toBe(true);
    expect(toEmbedWorkerSchema.safeParse({ type: 'count', id: 1, texts: [42] }).success).toBe(false);
    expect(toEmbedWorkerSchema.safeParse({ type: 'count', id: 1.5, texts: [] }).success).toBe(false);
    expect(
      toEmbedWorkerSchema.safeParse({ type: 'count', id: 1, texts: Array.from({ length: 9000 }, () => 'x') }).success,
    ).toBe(false);
    expect(fromEmbedWorkerSchema.safeParse({ type: 'counted', id: 1, counts: [0, 3] }).success).toBe(true);
    expect(fromEmbedWorkerSchema.safeParse({ type: 'counted', id: 1, counts: [-1] }).success).toBe(false);
    expect(fromEmbedWorkerSchema.safeParse({ type: 'counted', id: 1, counts: [1.5] }).success).toBe(false);
    const loaded = { type: 'loaded', id: 1, modelId: 'm', dims: 3, threads: 1, backend: 'wasm' };
    expect(fromEmbedWorkerSchema.safeParse({ ...loaded, tokenizer: { specialTokens: 2 } }).success).toBe(true);
    expect(fromEmbedWorkerSchema.safeParse({ ...loaded, tokenizer: { error: 'tokenizer.json: 404' } }).success).toBe(
      true,
    );
    expect(fromEmbedWorkerSchema.safeParse({ ...loaded, tokenizer: {} }).success).toBe(false);
    expect(fromEmbedWorkerSchema.safeParse(loaded).success).toBe(false);
  });

  it('a reply with a wrong number of counts, or a malformed one, fails the request', async () => {
    const short = await createWorkerEmbedder(
      () => scriptedWorker({ tokenizer: { specialTokens: 2 } }, (m) => ({ type: 'counted', id: m.id, counts: [1] })),
      {
        model: 'm',
        dtype: 'fp32',
        allowRemote: false,
      },
    );
    await expect(short.tokenizer!.count(['a', 'b'])).rejects.toThrow(/counted 1 of 2 texts/);
    const malformed = await createWorkerEmbedder(
      () => scriptedWorker({ tokenizer: { specialTokens: 2 } }, (m) => ({ type: 'counted', id: m.id, counts: ['1'] })),
      {
        model: 'm',
        dtype: 'fp32',
        allowRemote: false,
      },
    );
    await expect(malformed.tokenizer!.count(['a'])).rejects.toThrow(/malformed reply/);
  });

  it('a worker without a tokenizer says why, and the embedder offers none', async () => {
    const e = await createWorkerEmbedder(
      () => scriptedWorker({ tokenizer: { error: 'tokenizer.json: HTTP 404' } }, () => ({})),
      { model: 'm', dtype: 'fp32', allowRemote: false },
    );
    expect(e.tokenizer).toBeUndefined();
    expect(e.tokenizerError).toBe('tokenizer.json: HTTP 404');
  });
});

describe.skipIf(!available)(`embed worker with minilm-l6-shape (${modelsDir})`, () => {
  it('loads the model, reports its tokenizer, counts batches of texts and still embeds', async () => {
    const sent: unknown[] = [];
    const e = await createWorkerEmbedder(() => inProcessWorker(sent), {
      model: 'minilm-l6-shape',
      dtype: 'q8',
      localModelPath: modelsDir + '/',
      allowRemote: false,
    });
    try {
      // Node has no WebGPU: the model runs where it always did, and the worker says so.
      expect(e).toMatchObject({ modelId: 'minilm-l6-shape@q8', dims: 384, backend: 'wasm', wasmReason: 'no-webgpu' });
      expect(e.tokenizer?.specialTokens).toBe(2);
      // WordPiece: every kanji/kana is a token; Cyrillic falls apart; "hello world" is two.
      const counts = await e.tokenizer!.count([
        '東京は日本の首都です。',
        'hello world',
        '',
        'Москва — столица России.',
      ]);
      expect(counts).toEqual([11, 2, 0, 20]);
      expect(sent.filter((m) => (m as { type: string }).type === 'count')).toHaveLength(1);
      const [v] = await e.embed(['hello world']);
      expect(Math.hypot(...v!)).toBeCloseTo(1, 4);
    } finally {
      e.dispose();
    }
  }, 60_000);
});
