/**
 * The card a page tool's `requestUserInteraction` (WebMCP) shows on its call: "<site> asks you to interact with
 * the page", the tool and the page's description of it as the page's words, Continue on the page or Decline. The
 * question is journaled as an approval record of its own (as a document's password prompt is), so a reloaded
 * panel shows the same card. A worker that stops while the card waits ends the call: the page is told no (its
 * callback never runs), the call's outcome is reported as unknown, and the card shows it ended.
 */
import type { AgentEvent } from './agent-event';
import type { LiveRun, RuntimeDeps } from './run-context';
import type { ApprovalRecord, RunSnapshot } from './run-journal';

/** The approval records' tool name for the prompt (no tool has it: it never reaches a registry or a model). */
export const PAGE_INTERACTION = 'page_interaction';

/** What the page's request shows: the site it comes from, the page tool and the page's words for it. */
export interface PageAskInput {
  toolCallId: string;
  site: string;
  tool: string;
  words: string;
}

const isPromptOf = (toolCallId: string) => (a: ApprovalRecord) =>
  a.toolName === PAGE_INTERACTION && (a.input as PageAskInput).toolCallId === toolCallId;

type PageAskDecision = 'continued' | 'declined' | 'ended';

/** How a record reads on the card; `ended`: still pending when its call had already finished (a restart). */
const decisionOf = (a: ApprovalRecord, callFinished: boolean): PageAskDecision | undefined =>
  a.status === 'approved' || a.status === 'always'
    ? 'continued'
    : a.status === 'denied'
      ? 'declined'
      : a.status === 'cancelled' || callFinished
        ? 'ended'
        : undefined;

/**
 * Asks on the card of call `ask.toolCallId`; resolves true on Continue, false on Decline. Rejects with the
 * signal's reason when the run stops (or the call times out) while the card waits; the card then shows it ended.
 */
export async function askPageInteraction(
  live: LiveRun,
  deps: RuntimeDeps,
  ask: PageAskInput & { signal: AbortSignal },
): Promise<boolean> {
  const runId = live.snap.run.id;
  const asked = live.snap.approvals.filter(isPromptOf(ask.toolCallId));
  const input: PageAskInput = { toolCallId: ask.toolCallId, site: ask.site, tool: ask.tool, words: ask.words };
  const a: ApprovalRecord = {
    runId,
    toolCallId: `${ask.toolCallId}-ask-${asked.length + 1}`,
    toolName: PAGE_INTERACTION,
    input,
    preview: '',
    site: ask.site,
    canAlwaysAllow: false,
    status: 'pending',
    requestedAt: deps.now(),
  };
  live.snap.approvals.push(a);
  await deps.journal.write({ approvals: [a] });
  live.emit(pageAskEvents.of(runId, a, false)[0]!);
  try {
    a.status = await deps.waiters.wait(runId, a.toolCallId, ask.signal);
  } catch (reason) {
    if (!deps.isDead()) {
      a.status = 'cancelled';
      a.resolvedAt = deps.now();
      await deps.journal.write({ approvals: [a] });
      live.emit(pageAskEvents.of(runId, a, true)[1]!);
    }
    throw reason;
  }
  a.resolvedAt = deps.now();
  await deps.journal.write({ approvals: [a] });
  live.emit(pageAskEvents.of(runId, a, false)[1]!);
  return a.status === 'approved' || a.status === 'always';
}

export const pageAskEvents = {
  /** The events that show one prompt's card and, once answered (or its call ended), its outcome. */
  of(runId: string, a: ApprovalRecord, callFinished: boolean): AgentEvent[] {
    const { toolCallId, site, tool, words } = a.input as PageAskInput;
    const asked: AgentEvent = {
      type: 'page-ask-requested',
      runId,
      toolCallId,
      promptId: a.toolCallId,
      site,
      tool,
      words,
    };
    const decision = decisionOf(a, callFinished);
    return decision
      ? [asked, { type: 'page-ask-resolved', runId, toolCallId, promptId: a.toolCallId, decision }]
      : [asked];
  },
  /** Every prompt of call `toolCallId`, as events, in the order asked (for a replay from the journal). */
  ofCall: (s: RunSnapshot, toolCallId: string, callFinished: boolean): AgentEvent[] =>
    s.approvals.filter(isPromptOf(toolCallId)).flatMap((a) => pageAskEvents.of(s.run.id, a, callFinished)),
};
