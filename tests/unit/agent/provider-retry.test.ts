import { describe, expect, it } from 'vitest';
import { textReply } from '../../../lib/agent/testing/fake-chat-model';
import { ProviderError } from '../../../lib/providers/provider-error';
import { setup } from './harness';

const network = () => new ProviderError({ code: 'network', message: 'socket hang up' });

describe('model stream failures', () => {
  it('a failure before any output is retried once', async () => {
    const s = setup({ scripts: [[{ throw: network() }], textReply('fine')] });
    const r = await (await s.start('q')).done;
    expect(r).toMatchObject({ reason: 'stop', text: 'fine' });
    expect(s.model.calls).toHaveLength(2);
    expect(s.events.some((e) => e.type === 'error')).toBe(false);
  });

  it('only once', async () => {
    const s = setup({ scripts: [[{ throw: network() }], [{ throw: network() }], textReply('never')] });
    const r = await (await s.start('q')).done;
    expect(r.reason).toBe('error');
    expect(s.model.calls).toHaveLength(2);
  });

  it('a non-retryable failure is not retried', async () => {
    const s = setup({
      scripts: [
        [{ throw: new ProviderError({ code: 'bad_request', message: 'bad', status: 400 }) }],
        textReply('never'),
      ],
    });
    expect((await (await s.start('q')).done).reason).toBe('error');
    expect(s.model.calls).toHaveLength(1);
  });

  it('after output: the step ends with an error event and the partial text is kept', async () => {
    const s = setup({
      scripts: [[{ type: 'text-delta', delta: 'The answer is' }, { throw: network() }], textReply('never')],
    });
    const h = await s.start('q');
    const r = await h.done;
    expect(r).toMatchObject({ reason: 'error', text: 'The answer is', error: { code: 'network' } });
    expect(s.model.calls).toHaveLength(1);
    expect(s.events.map((e) => e.type).slice(-3)).toEqual(['error', 'text-interrupted', 'run-finish']);
    const snap = await s.journal.read(h.runId);
    expect(snap!.steps[0]).toMatchObject({ text: 'The answer is', interrupted: 'error', error: { code: 'network' } });
    expect(r.messages).toEqual([{ role: 'assistant', content: [{ type: 'text', text: 'The answer is' }] }]);
  });

  it('relays SDK retries as events', async () => {
    const s = setup({ scripts: [[{ type: 'retry', attempt: 1, status: 429, delayMs: 500 }, ...textReply('ok')]] });
    const h = await s.start('q');
    await h.done;
    expect(s.events).toContainEqual({ type: 'retry', runId: h.runId, attempt: 1, status: 429, delayMs: 500 });
  });
});
