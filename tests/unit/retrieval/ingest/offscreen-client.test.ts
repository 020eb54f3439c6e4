import { describe, expect, expectTypeOf, it } from 'vitest';
import { RemoteError } from '../../../../lib/messaging/remote-error';
import { serveOffscreenEngine } from '../../../../lib/retrieval/engine/serve-offscreen-engine';
import type { EngineStats } from '../../../../lib/retrieval/offscreen-protocol';
import {
  createOffscreenClient,
  offscreenRetry,
  type OffscreenHost,
} from '../../../../lib/retrieval/ingest/offscreen-client';
import { RetrievalError } from '../../../../lib/retrieval/retrieval-error';
import { engineStats, fakeEngine, fakeRuntime, model, workerSender } from '../offscreen-fakes';

/**
 * A host over a fake runtime: creating the document starts its script, which registers its listener only
 * after `loadTries` messages went unanswered (the document is still loading), or never.
 */
function fakeHost(
  options: { loadTries?: number; serve?: Parameters<typeof serveOffscreenEngine>[0]; createError?: Error } = {},
) {
  const runtime = fakeRuntime();
  const calls = { created: 0, posts: 0 };
  let exists = false;
  let served = false;
  let unanswered = 0;
  const host: OffscreenHost = {
    hasDocument: async () => exists,
    async createDocument() {
      calls.created++;
      if (options.createError) throw options.createError;
      exists = true;
    },
    post(message) {
      calls.posts++;
      if (exists && options.serve && !served && unanswered++ >= (options.loadTries ?? 0)) {
        serveOffscreenEngine(options.serve, runtime);
        served = true;
      }
      return runtime.deliver(message, workerSender);
    },
  };
  return { host, calls, runtime };
}

function recordedSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('offscreen client', () => {
  it('creates the document, retries the missing receiver per the policy, and resolves with the typed reply', async () => {
    const { host, calls } = fakeHost({ serve: fakeEngine(), loadTries: 2 });
    const { waits, sleep } = recordedSleep();
    const client = createOffscreenClient({ host, sleep });
    const stats = await client.send('stats', { model });
    expectTypeOf(stats).toEqualTypeOf<EngineStats>();
    expect(stats).toEqual(engineStats);
    expect(calls).toEqual({ created: 1, posts: 3 });
    expect(waits).toEqual([100, 100]);
  });

  it("gives up after the policy's tries with no_receiver when the document never listens", async () => {
    const { host, calls } = fakeHost();
    const { waits, sleep } = recordedSleep();
    const error = await createOffscreenClient({ host, sleep })
      .send('stats', { model })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteError);
    expect(error).toMatchObject({ code: 'no_receiver' });
    expect(calls.posts).toBe(offscreenRetry.delaysMs.length + 1);
    expect(calls.posts).toBe(20);
    expect(waits).toEqual(offscreenRetry.delaysMs);
  });

  it('retries when only other listeners heard the message (no_reply)', async () => {
    const { host, calls, runtime } = fakeHost({ serve: fakeEngine(), loadTries: 2 });
    // An open settings page's listener: hears every runtime message, answers none of the engine's.
    runtime.onMessage.addListener(() => false);
    const { waits, sleep } = recordedSleep();
    expect(await createOffscreenClient({ host, sleep }).send('pages', { model })).toEqual({ total: 0, pages: [] });
    expect(calls.posts).toBe(3);
    expect(waits).toEqual([100, 100]);
  });

  it("throws a handler error as a RemoteError with the engine's code, without retrying it", async () => {
    const engine = fakeEngine({
      search: async () => {
        throw new RetrievalError('model_load_failed', 'Could not load fake@fp32');
      },
    });
    const { host, calls } = fakeHost({ serve: engine });
    const { waits, sleep } = recordedSleep();
    const error = await createOffscreenClient({ host, sleep })
      .send('search', { model, request: { query: 'octopus' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteError);
    expect(error).toMatchObject({
      name: 'RemoteError',
      code: 'model_load_failed',
      message: 'Could not load fake@fp32',
    });
    expect(calls.posts).toBe(1);
    expect(waits).toEqual([]);
  });

  it('takes "only one offscreen document" from a concurrent creation as success', async () => {
    const { host, runtime } = fakeHost({ createError: new Error('Only a single offscreen document may be created.') });
    serveOffscreenEngine(fakeEngine(), runtime);
    expect(
      await createOffscreenClient({ host, sleep: async () => {} }).send('evict', { model, before: 0, maxChunks: 10 }),
    ).toEqual({ chunks: 0, urls: [] });
  });

  it("fails with the creation's error when the document cannot be created", async () => {
    const { host, calls } = fakeHost({ createError: new Error('Offscreen API unavailable') });
    const error = await createOffscreenClient({ host, sleep: async () => {} })
      .send('stats', { model })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'Offscreen API unavailable' });
    expect(calls.posts).toBe(0);
  });
});
