/**
 * Settings → Activity's upload line follows the outbox by itself while lines wait for the team server, and asks
 * nothing while nothing waits.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let waiting = 3;
let asked = 0;
vi.mock('../../../lib/background/send-to-background', () => ({
  sendToBackground: async (name: string) => {
    if (name !== 'activity.list') throw new Error(`unexpected ${name}`);
    asked++;
    return {
      lines: [],
      total: 0,
      matched: 0,
      retentionDays: 30,
      upload: { waiting, team: { id: 't1', name: 'Red' } },
    };
  },
}));
const { createActivityState } = await import('../../../components/options/activity-state');

beforeEach(() => {
  vi.useFakeTimers();
  waiting = 3;
  asked = 0;
});
afterEach(() => vi.useRealTimers());

describe('Settings → Activity: the upload line', () => {
  it('is asked again every 3 s while lines wait, shows the outbox emptied, then stops asking; stop ends it', async () => {
    const state = createActivityState();
    await state.load();
    const stop = state.followUpload();
    expect(state.view.value!.upload!.waiting).toBe(3);
    await vi.advanceTimersByTimeAsync(3000);
    expect(asked).toBe(2);
    waiting = 0;
    await vi.advanceTimersByTimeAsync(3000);
    expect(state.view.value!.upload!.waiting).toBe(0);
    // Nothing waits: nothing more is asked.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(asked).toBe(3);
    // Waiting again, but the section is gone (stopped): nothing is asked.
    waiting = 2;
    await state.load();
    stop();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(asked).toBe(4);
  });
});
