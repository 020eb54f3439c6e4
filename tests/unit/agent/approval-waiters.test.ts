import { describe, expect, it } from 'vitest';
import { ApprovalWaiters } from '../../../lib/agent/approval-waiters';

describe('ApprovalWaiters', () => {
  it('a decision given before the wait (a run still resuming after a restart) is taken by the wait, once', async () => {
    const w = new ApprovalWaiters();
    expect(w.resolve('r1', 'c1', 'denied')).toBe(false);
    w.offer('r1', 'c1', 'denied');
    await expect(w.wait('r1', 'c1', new AbortController().signal)).resolves.toBe('denied');
    // Taken: the next prompt for the same call waits for a new decision.
    const next = w.wait('r1', 'c1', new AbortController().signal);
    expect(w.resolve('r1', 'c1', 'approved')).toBe(true);
    await expect(next).resolves.toBe('approved');
  });

  it('keeps early decisions per run and call, and only a few', async () => {
    const w = new ApprovalWaiters();
    for (let i = 0; i < 40; i++) w.offer('r1', `c${i}`, 'approved');
    w.offer('r2', 'c39', 'denied');
    await expect(w.wait('r1', 'c39', new AbortController().signal)).resolves.toBe('approved');
    await expect(w.wait('r2', 'c39', new AbortController().signal)).resolves.toBe('denied');
    const stop = new AbortController();
    const oldest = w.wait('r1', 'c0', stop.signal);
    stop.abort(new Error('stopped'));
    await expect(oldest).rejects.toThrow('stopped');
  });
});
