/**
 * Writes a request does not need wait until it has left (issue 24, Enter → request): the provider's headers, a
 * streamed part or a failure lets them go at once; with no request at all, they go after the cap.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { observeRetries } from '../../../lib/providers/observe-retries';
import { afterRequestLeaves, requestLeft } from '../../../lib/util/request-left';

const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

describe('afterRequestLeaves', () => {
  afterEach(() => vi.useRealTimers());

  it('waits for the request, then lets every waiting write go', async () => {
    vi.useFakeTimers();
    const a = afterRequestLeaves(50);
    const b = afterRequestLeaves(50);
    await vi.advanceTimersByTimeAsync(10);
    expect(await settled(a)).toBe(false);
    requestLeft();
    expect(await settled(a)).toBe(true);
    expect(await settled(b)).toBe(true);
  });

  it('goes after the cap when no request leaves (a model without a fetch, a turn that failed first)', async () => {
    vi.useFakeTimers();
    const a = afterRequestLeaves(50);
    await vi.advanceTimersByTimeAsync(49);
    expect(await settled(a)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(a)).toBe(true);
  });

  it('a request that left earlier does not release a later write', async () => {
    vi.useFakeTimers();
    requestLeft();
    const a = afterRequestLeaves(50);
    await vi.advanceTimersByTimeAsync(5);
    expect(await settled(a)).toBe(false);
    await vi.advanceTimersByTimeAsync(45);
    expect(await settled(a)).toBe(true);
  });

  it("the SDK's fetch says so when its headers are back, and when it fails", async () => {
    vi.useFakeTimers();
    let answer!: (r: Response) => void;
    const fetch = observeRetries(
      () => new Promise<Response>((r) => (answer = r)),
      2,
      () => undefined,
    );
    const write = afterRequestLeaves(50);
    const response = fetch('http://127.0.0.1/v1/chat/completions');
    await vi.advanceTimersByTimeAsync(5);
    expect(await settled(write)).toBe(false);
    answer(new Response('{}'));
    await response;
    expect(await settled(write)).toBe(true);
    const failing = observeRetries(
      () => Promise.reject(new TypeError('Failed to fetch')),
      2,
      () => undefined,
    );
    const next = afterRequestLeaves(50);
    await expect(failing('http://127.0.0.1/')).rejects.toThrow('Failed to fetch');
    expect(await settled(next)).toBe(true);
  });
});
