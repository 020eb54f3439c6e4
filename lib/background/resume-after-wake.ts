/**
 * On wake: every unfinished run is resumed from its journal; answers left `streaming` with no run to resume
 * are kept, with what their journal holds, and marked interrupted.
 */
import type { RunResult } from '../agent/agent-runtime';
import type { ChatHub } from './chat-hub';

/** Resumes the runs the worker was killed in; resolves with how many were resumed. */
export async function resumeAfterWake(
  hub: ChatHub,
  finalize: (runId: string, result: RunResult) => Promise<void>,
): Promise<number> {
  const { deps, runs, byConversation, subscriptions } = hub;
  const runtime = await deps.runtime();
  const unfinished = await deps.listUnfinishedRuns();
  for (const run of unfinished) {
    if (runs.has(run.id)) continue;
    runs.set(run.id, { conversationId: run.conversationId, messageId: run.messageId });
    byConversation.set(run.conversationId, run.id);
  }
  const handles = await runtime.resumeUnfinishedRuns();
  for (const h of handles)
    void h.done
      .then((r) => finalize(h.runId, r))
      .catch((e: unknown) => console.error('finalising resumed run failed', e));
  // A panel that reconnected before the runs were registered got the stored placeholder; it gets the live run.
  const woken = new Set(unfinished.map((r) => r.conversationId));
  for (const [p, subscribed] of subscriptions)
    if (subscribed && woken.has(subscribed)) await hub.snapshot(p, subscribed);
  const store = await deps.store;
  const resumed = new Set([...runs.values()].map((r) => r.messageId));
  for (const m of await store.listStreamingMessages()) {
    if (resumed.has(m.id)) continue;
    // A continued answer's run is laid after what the answer showed before it.
    const fromJournal = m.runId ? await hub.viewOf(m.runId, m.parts) : undefined;
    await store.putMessage({ ...m, ...(fromJournal?.parts.length ? fromJournal : {}), status: 'interrupted' });
  }
  return handles.length;
}
