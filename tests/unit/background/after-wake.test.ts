/**
 * The wake's chores wait until the worker has been up a second (after-wake.ts): a message that woke it is served
 * first. A chore that fails is logged, never thrown into the worker's first turn.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterWake, WAKE_CHORES_AFTER_MS } from '../../../lib/background/after-wake';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('afterWake', () => {
  it('holds a chore until the worker has been up WAKE_CHORES_AFTER_MS, then runs it once', async () => {
    vi.useFakeTimers();
    vi.spyOn(performance, 'now').mockReturnValue(200);
    const chore = vi.fn();
    afterWake(chore);
    await vi.advanceTimersByTimeAsync(WAKE_CHORES_AFTER_MS - 200 - 1);
    expect(chore).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(chore).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(chore).toHaveBeenCalledTimes(1);
  });

  it('runs at once in a worker that has been up longer', () => {
    vi.spyOn(performance, 'now').mockReturnValue(WAKE_CHORES_AFTER_MS + 5);
    const chore = vi.fn();
    afterWake(chore);
    expect(chore).toHaveBeenCalledTimes(1);
  });

  it('logs a chore that throws or rejects instead of failing the caller', async () => {
    vi.spyOn(performance, 'now').mockReturnValue(WAKE_CHORES_AFTER_MS + 5);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      afterWake(() => {
        throw new Error('sync boom');
      }),
    ).not.toThrow();
    afterWake(() => Promise.reject(new Error('async boom')));
    await vi.waitFor(() => expect(logged).toHaveBeenCalledTimes(2));
    expect(logged.mock.calls.map((c) => (c[1] as Error).message)).toEqual(['sync boom', 'async boom']);
  });
});
