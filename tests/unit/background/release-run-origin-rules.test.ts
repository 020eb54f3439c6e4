/** A run's origin rules go when it ends: its own run-finish, or a sub-agent's wrapped in `nested`. */
import { describe, expect, it } from 'vitest';
import { finishedRunOf, releaseOnFinish } from '../../../lib/background/create-run-origin-guard';
import type { RunOriginGuard } from '../../../lib/tools/tabs/run-origin-rules';

describe('releasing run origin rules', () => {
  it('names the run a run-finish ends, through nesting, and nothing else', () => {
    expect(finishedRunOf({ type: 'run-finish', runId: 'r1', reason: 'stop' })).toBe('r1');
    expect(
      finishedRunOf({
        type: 'nested',
        runId: 'r1',
        parentToolCallId: 't',
        event: {
          type: 'nested',
          runId: 'sub',
          parentToolCallId: 'u',
          event: { type: 'run-finish', runId: 'subsub', reason: 'error' },
        },
      }),
    ).toBe('subsub');
    expect(finishedRunOf({ type: 'step-start', runId: 'r1', step: 0 })).toBeUndefined();
  });

  it('releases on finish only', async () => {
    const released: string[] = [];
    const guard = { release: async (id: string) => void released.push(id) } as unknown as RunOriginGuard;
    const listener = releaseOnFinish(guard);
    listener({ type: 'run-start', runId: 'r1', conversationId: 'c', messageId: 'm', at: 1 });
    listener({ type: 'run-finish', runId: 'r1', reason: 'stopped' });
    await Promise.resolve();
    expect(released).toEqual(['r1']);
  });
});
