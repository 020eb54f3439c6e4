import { describe, expect, it } from 'vitest';
import { setup, sleep } from './harness';

describe('streamed text checkpoints', () => {
  it('journals the text streamed so far at least every 500 ms', async () => {
    const s = setup({
      scripts: [
        [
          { type: 'text-delta', delta: 'a' },
          { wait: 300 },
          { type: 'text-delta', delta: 'b' },
          { wait: 300 },
          { type: 'text-delta', delta: 'c' },
          { hang: true },
        ],
      ],
    });
    const h = await s.start('q');
    await sleep(150);
    expect((await s.journal.read(h.runId))!.steps[0]!.text).toBe(''); // nothing due yet
    await sleep(550);
    const step = (await s.journal.read(h.runId))!.steps[0]!;
    expect(step.status).toBe('streaming');
    expect(step.text).toBe('abc'); // due at 600 ms, written with the delta that arrived then
    expect(step.checkpointAt).toBeTypeOf('number');
    await s.runtime.stop(h.runId);
  });
});
