/**
 * Work every wake of the worker must do but that no waiting message needs: pruning and retention, re-arming
 * their alarms, following scheduled runs and comparisons, re-syncing registrations, draining queues. Chrome hands
 * the message that woke a stopped worker over only once the tasks queued before it have run, and its reads wait
 * behind the chores' store traffic, so the chores run once the worker has been up `WAKE_CHORES_AFTER_MS`: by then
 * the first message's request has left (stream-latency's worker marks, issue 24). Listeners are still added in the
 * worker's first turn; only the work waits. An event that needs the work at once (an alarm) does it itself.
 */
export const WAKE_CHORES_AFTER_MS = 1_000;

export type AfterWake = (chore: () => unknown) => void;

/** Runs `chore` once the worker has been up `WAKE_CHORES_AFTER_MS` (at once if it has), logging a failure. */
export const afterWake: AfterWake = (chore) => {
  const run = () => {
    try {
      void Promise.resolve(chore()).catch((e: unknown) => console.error('Tabwise: a chore after waking failed', e));
    } catch (e) {
      console.error('Tabwise: a chore after waking failed', e);
    }
  };
  const wait = WAKE_CHORES_AFTER_MS - performance.now();
  if (wait <= 0) run();
  else setTimeout(run, wait);
};
