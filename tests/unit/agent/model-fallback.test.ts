/** Keep answering when a provider fails: the run moves down its model chain, and says so in the answer. */
import { describe, expect, it } from 'vitest';
import { buildModelChain, fallsBack, modelsAfter } from '../../../lib/agent/model-fallback';
import type { ModelChoice } from '../../../lib/agent/model-ref';
import type { ModelRef } from '../../../lib/agent/model-ref';
import { replayRunEvents } from '../../../lib/agent/replay-run';
import {
  createFakeChatModel,
  textReply,
  type FakeChatModel,
  type Script,
} from '../../../lib/agent/testing/fake-chat-model';
import { ProviderError, codeForStatus } from '../../../lib/providers/provider-error';
import { setup } from './harness';

const A: ModelChoice = { ref: { provider: 'fake', modelId: 'fake-model' }, label: 'Cloud · a' };
const B: ModelChoice = { ref: { provider: 'p-b', modelId: 'b' }, label: 'Backup · b' };
const C: ModelChoice = { ref: { provider: 'p-c', modelId: 'c' }, label: 'Local · c' };

const http = (status: number, message = `HTTP ${status}`) =>
  new ProviderError({ code: codeForStatus(status), status, message });
const fail = (error: unknown): Script => [{ throw: error }];

/** A runtime whose model chain is A (the harness's own model), B and C, each a recording fake. */
function chainSetup(scripts: { a: Script[]; b?: Script[]; c?: Script[] }, opts: { gone?: ModelRef[] } = {}) {
  const b = createFakeChatModel(scripts.b ?? [], { provider: 'p-b', modelId: 'b' });
  const c = createFakeChatModel(scripts.c ?? [], { provider: 'p-c', modelId: 'c' });
  const own: { model?: FakeChatModel } = {};
  const s = setup({
    scripts: scripts.a,
    runtime: {
      resolveModel: (ref) => {
        if (opts.gone?.some((g) => g.provider === ref.provider)) throw new Error(`no provider ${ref.provider}`);
        if (ref.provider === 'p-b') return b;
        if (ref.provider === 'p-c') return c;
        return own.model!;
      },
      reportInternalError: () => undefined,
    },
  });
  own.model = s.model;
  const start = (text: string) => s.start(text, { modelChain: [A, B, C] });
  return { ...s, a: s.model, b, c, start };
}

describe('which failures fall back', () => {
  it('rate limits, overload, server errors, timeouts, stalls and unreachable servers do', () => {
    for (const status of [429, 500, 502, 503, 529, 408]) expect(fallsBack(http(status)), String(status)).toBe(true);
    expect(fallsBack({ code: 'network', message: 'unreachable' })).toBe(true);
    expect(fallsBack({ code: 'timeout', message: 'timed out' })).toBe(true);
    expect(fallsBack({ code: 'stalled', message: 'silent' })).toBe(true);
  });

  it('key and request errors (400, 401, 403), a missing model, a stop and a broken stream do not', () => {
    for (const status of [400, 401, 403, 404, 422]) expect(fallsBack(http(status)), String(status)).toBe(false);
    expect(fallsBack({ code: 'aborted', message: 'stopped' })).toBe(false);
    expect(fallsBack({ code: 'stream_error', message: 'cut off' })).toBe(false);
    expect(fallsBack({ code: 'internal', message: 'bug' })).toBe(false);
    // A code that would fall back never does with a key or request status.
    expect(fallsBack({ code: 'server', status: 403, message: 'odd' })).toBe(false);
  });
});

describe('the model chain', () => {
  it('is the run’s own model, then each fallback once, without the own model or repeats', () => {
    expect(buildModelChain(B, [A, B, C, A]).map((m) => m.label)).toEqual(['Backup · b', 'Cloud · a', 'Local · c']);
  });

  it('the candidates are the models after the current one; a model outside the chain has none', () => {
    expect(modelsAfter([A, B, C], A.ref)).toEqual([B, C]);
    expect(modelsAfter([A, B, C], C.ref)).toEqual([]);
    expect(modelsAfter([A, B], { provider: 'x', modelId: 'y' })).toEqual([]);
    expect(modelsAfter(undefined, A.ref)).toEqual([]);
  });
});

describe('a run that falls back', () => {
  it('after its own model’s retries, a 429 moves the run to the next model, with a notice naming both', async () => {
    const s = chainSetup({ a: [fail(http(429)), fail(http(429))], b: [textReply('Answer from B')] });
    const h = await s.start('q');
    const r = await h.done;
    expect(r).toMatchObject({ reason: 'stop', text: 'Answer from B', model: B.ref, modelLabel: 'Backup · b' });
    // The stream step's own retry, then the move; C is never asked.
    expect([s.a.calls.length, s.b.calls.length, s.c.calls.length]).toEqual([2, 1, 0]);
    const notices = s.events.filter((e) => e.type === 'model-notice');
    expect(notices).toEqual([
      {
        type: 'model-notice',
        runId: h.runId,
        step: 0,
        note: 'Cloud · a did not answer (rate limit reached), so Backup · b answers instead.',
      },
    ]);
    expect(s.events.some((e) => e.type === 'error')).toBe(false);
    // B is asked the same question A was.
    expect(s.b.calls[0]!.messages).toEqual(s.a.calls[0]!.messages);
    // Durable: the journal holds the move, and a replay shows the notice and no error.
    const snap = (await s.journal.read(h.runId))!;
    expect(snap.run.model).toEqual(B.ref);
    expect(snap.steps[0]).toMatchObject({
      interrupted: 'error',
      fellBack: { to: B.ref, error: { code: 'rate_limited' } },
    });
    expect(snap.steps[0]!.error).toBeUndefined();
    const replayed = replayRunEvents(snap);
    expect(replayed.filter((e) => e.type === 'model-notice').map((e) => (e as { note: string }).note)).toEqual([
      notices[0]!.note,
    ]);
    expect(replayed.some((e) => e.type === 'error')).toBe(false);
    expect(r.messages).toEqual([{ role: 'assistant', content: [{ type: 'text', text: 'Answer from B' }] }]);
  });

  it('goes down the whole list: a 500 on A, an unreachable B, then C answers', async () => {
    const down = new ProviderError({ code: 'network', message: 'cannot reach' });
    const s = chainSetup({
      a: [fail(http(500)), fail(http(500))],
      b: [fail(down), fail(down)],
      c: [textReply('Answer from C')],
    });
    const r = await (await s.start('q')).done;
    expect(r).toMatchObject({ reason: 'stop', text: 'Answer from C', model: C.ref });
    expect(s.events.filter((e) => e.type === 'model-notice').map((e) => (e as { note: string }).note)).toEqual([
      'Cloud · a did not answer (server error 500), so Backup · b answers instead.',
      'Backup · b did not answer (unreachable), so Local · c answers instead.',
    ]);
  });

  it('when the last model fails too, the run ends with that model’s error', async () => {
    const s = chainSetup({
      a: [fail(http(503)), fail(http(503))],
      b: [fail(http(503)), fail(http(503))],
      c: [fail(http(502, 'C is down')), fail(http(502, 'C is down'))],
    });
    const r = await (await s.start('q')).done;
    expect(r).toMatchObject({
      reason: 'error',
      model: C.ref,
      error: { code: 'server', status: 502, message: 'C is down' },
    });
    expect(s.events.filter((e) => e.type === 'model-notice')).toHaveLength(2);
    expect(s.events.filter((e) => e.type === 'error')).toHaveLength(1);
  });

  it('a key or request error (401, 403, 400) ends the run on its own model: no fallback is asked', async () => {
    for (const status of [401, 403, 400]) {
      const s = chainSetup({ a: [fail(http(status, 'Incorrect API key'))], b: [textReply('never')] });
      const r = await (await s.start('q')).done;
      expect(r, String(status)).toMatchObject({ reason: 'error', model: A.ref, error: { status } });
      expect(s.b.calls).toHaveLength(0);
      expect(s.events.some((e) => e.type === 'model-notice')).toBe(false);
    }
  });

  it('a failure after output keeps the partial answer and does not fall back', async () => {
    const s = chainSetup({
      a: [[{ type: 'text-delta', delta: 'Half' }, { throw: http(500) }]],
      b: [textReply('never')],
    });
    const r = await (await s.start('q')).done;
    expect(r).toMatchObject({ reason: 'error', text: 'Half', model: A.ref });
    expect(s.b.calls).toHaveLength(0);
  });

  it('a run without a chain ends with its error as before', async () => {
    const s = setup({ scripts: [fail(http(429)), fail(http(429))] });
    const r = await (await s.start('q')).done;
    expect(r).toMatchObject({ reason: 'error', error: { code: 'rate_limited' } });
    expect(r.modelLabel).toBeUndefined();
  });

  it('a fallback whose provider is gone is passed over', async () => {
    const s = chainSetup({ a: [fail(http(429)), fail(http(429))], c: [textReply('Answer from C')] }, { gone: [B.ref] });
    const r = await (await s.start('q')).done;
    expect(r).toMatchObject({ reason: 'stop', text: 'Answer from C', model: C.ref });
    expect(s.events.filter((e) => e.type === 'model-notice').map((e) => (e as { note: string }).note)).toEqual([
      'Cloud · a did not answer (rate limit reached), so Local · c answers instead.',
    ]);
  });

  it('a run resumed after the worker died mid-fallback goes on with the model it moved to', async () => {
    const s = chainSetup({ a: [fail(http(429)), fail(http(429))], b: [[{ hang: true }]] });
    const h = await s.start('q');
    await expect.poll(() => s.b.calls.length).toBe(1);
    s.runtime.abandon();
    const b2 = createFakeChatModel([textReply('Resumed on B')], { provider: 'p-b', modelId: 'b' });
    const again = setup({
      scripts: [],
      journal: s.journal,
      runtime: { resolveModel: (ref) => (ref.provider === 'p-b' ? b2 : s.a) },
    });
    const [resumed] = await again.runtime.resumeUnfinishedRuns();
    const r = await resumed!.done;
    expect(r).toMatchObject({ runId: h.runId, reason: 'stop', text: 'Resumed on B', model: B.ref });
    expect(again.model.calls).toHaveLength(0);
  });
});
