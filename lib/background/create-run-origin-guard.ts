/**
 * The run origin guard wired to Chrome: session rules through declarativeNetRequest, the guarded runs in
 * storage.session, and the browser's word for a document request an extension blocked (webNavigation) as
 * the stopped hops the tab tools report. Listeners are added in the worker's first turn, by the caller.
 */
import type { AgentEvent } from '../agent/agent-event';
import type { RunJournal } from '../agent/run-journal';
import { createRunOriginGuard, type RunOriginGuard } from '../tools/tabs/run-origin-rules';

/** What Chrome says when a request was cancelled by an extension (ours, or a content blocker's). */
const BLOCKED_BY_CLIENT = 'net::ERR_BLOCKED_BY_CLIENT';

/** The run a `run-finish` event ends, sub-agents' (wrapped in `nested`) included. */
export function finishedRunOf(event: AgentEvent): string | undefined {
  if (event.type === 'run-finish') return event.runId;
  if (event.type === 'nested') return finishedRunOf(event.event);
  return undefined;
}

export function createChromeRunOriginGuard(deps: { journal: Promise<RunJournal> }): RunOriginGuard {
  const guard = createRunOriginGuard({ rules: chrome.declarativeNetRequest, area: chrome.storage.session });
  chrome.webNavigation.onErrorOccurred.addListener((details) => {
    // Only the top frame: a blocked frame inside a page is left out silently (a page full of ad frames is not an error).
    if (details.frameId === 0 && details.error === BLOCKED_BY_CLIENT) guard.blocked(details.tabId, details.url);
  });
  // Session rules survive a worker restart: those of runs that ended meanwhile (or never resumed) go now.
  void guard
    .prune(async () => new Set((await (await deps.journal).listUnfinished()).map((r) => r.id)))
    .catch((error: unknown) => console.error('run origin rules: clearing stale rules failed', error));
  return guard;
}

/** Lifts a run's rules when it ends (the caller subscribes this to the runtime's events). */
export function releaseOnFinish(guard: RunOriginGuard) {
  return (event: AgentEvent) => {
    const runId = finishedRunOf(event);
    if (runId)
      void guard.release(runId).catch((error: unknown) => console.error('run origin rules: release failed', error));
  };
}
