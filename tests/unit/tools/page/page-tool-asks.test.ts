/** A page's request to interact reaches a card only for the running call, from its own tab, frame and origin. */
import { describe, expect, it } from 'vitest';
import { createPageToolAsks, MAX_ASKS, toolAskValidators } from '../../../../lib/tools/page/page-tool-asks';

const sender = { tab: { id: 7 }, frameId: 0, origin: 'https://shop.example' };

function setUp() {
  const asks = createPageToolAsks();
  let shown = 0;
  const close = asks.open({
    runId: 'r1',
    toolCallId: 'c1',
    tabId: 7,
    frameId: 0,
    origin: 'https://shop.example',
    ask: async () => (shown++, true),
  });
  return { asks, close, shown: () => shown };
}

describe('page tool asks', () => {
  it('answers the running call from its own tab, frame and origin with the user’s answer', async () => {
    const { asks, shown } = setUp();
    await expect(asks.handle({ runId: 'r1', toolCallId: 'c1' }, sender)).resolves.toEqual({ go: true });
    expect(shown()).toBe(1);
  });

  it.each([
    ['another frame', { ...sender, frameId: 3 }],
    ['another tab', { ...sender, tab: { id: 8 } }],
    ['another origin', { ...sender, origin: 'https://evil.example' }],
    ['no tab', { frameId: 0, origin: 'https://shop.example' }],
  ])('refuses a request from %s, showing nothing', async (_what, from) => {
    const { asks, shown } = setUp();
    await expect(asks.handle({ runId: 'r1', toolCallId: 'c1' }, from)).rejects.toThrow(/no call of this page tool/);
    expect(shown()).toBe(0);
  });

  it('refuses another run’s id, and any request once the call ended', async () => {
    const { asks, close, shown } = setUp();
    await expect(asks.handle({ runId: 'r2', toolCallId: 'c1' }, sender)).rejects.toThrow();
    close();
    await expect(asks.handle({ runId: 'r1', toolCallId: 'c1' }, sender)).rejects.toThrow();
    expect(shown()).toBe(0);
  });

  it(`refuses a second request while one waits, and any after ${MAX_ASKS}`, async () => {
    const asks = createPageToolAsks();
    let release: (go: boolean) => void = () => {};
    asks.open({
      runId: 'r1',
      toolCallId: 'c1',
      tabId: 7,
      frameId: 0,
      origin: 'https://shop.example',
      ask: () => new Promise<boolean>((r) => (release = r)),
    });
    const first = asks.handle({ runId: 'r1', toolCallId: 'c1' }, sender);
    await expect(asks.handle({ runId: 'r1', toolCallId: 'c1' }, sender)).rejects.toThrow(/as often as it may/);
    release(false);
    await expect(first).resolves.toEqual({ go: false });
    for (let i = 1; i < MAX_ASKS; i++) {
      const next = asks.handle({ runId: 'r1', toolCallId: 'c1' }, sender);
      release(true);
      await expect(next).resolves.toEqual({ go: true });
    }
    await expect(asks.handle({ runId: 'r1', toolCallId: 'c1' }, sender)).rejects.toThrow(/as often as it may/);
  });

  it('validates the message: only the two ids, bounded', () => {
    const v = toolAskValidators.ask as unknown as { safeParse(x: unknown): { success: boolean } };
    expect(v.safeParse({ runId: 'r', toolCallId: 'c' }).success).toBe(true);
    expect(v.safeParse({ runId: 'r', toolCallId: 'c', go: true }).success).toBe(false);
    expect(v.safeParse({ runId: 'r', toolCallId: 'x'.repeat(201) }).success).toBe(false);
  });
});
