/**
 * On wake: every unfinished run is resumed from its journal; answers left `streaming` with no run to resume
 * are kept, with what their journal holds, and marked interrupted.
 */
import type { RunResult } from '../agent/agent-runtime';
import type { ChatHub } from './chat-hub';

/** Resumes the runs the worker was killed in; resolves with how many were resumed. */
export function resumeAfterWake(
  hub: ChatHub,
  finalize: (runId: string, result: RunResult) => Promise<void>,
): Promise<number> {
  const handles = resumeRuns(hub, finalize);
  hub.resumed = handles.then(
    () => undefined,
    () => undefined,
  );
  return handles.then(async (n) => {
    await markLeftovers(hub, new Set(n.conversations));
    return n.resumed;
  });
}

/** Registers and resumes every unfinished run; resolves once they are live (not finished). */
async function resumeRuns(hub: ChatHub, finalize: (runId: string, result: RunResult) => Promise<void>) {
  const { deps, runs, byConversation } = hub;
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
  return { resumed: handles.length, conversations: unfinished.map((r) => r.conversationId) };
}

/** Panels showing a woken conversation redraw it; answers left streaming with no run are marked interrupted. */
async function markLeftovers(hub: ChatHub, woken: Set<string>) {
  const { deps, runs, subscriptions } = hub;
  // A panel that reconnected before the runs were registered got the stored placeholder; it gets the live run.
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
}
