import { isPageCommandName, type PageCommandName } from '../../page/page-command';
import type { ToolContext } from '../define-tool';
import type { PageRouteResult, PageToolCall, RouteToPage } from './page-router';
import { createPageTargetStore, type PageTargetStore } from './page-target-store';
import { sendPageCommand, type PageMessenger } from './send-page-command';

export interface RouteToPageDeps {
  targets?: PageTargetStore;
  messenger?: PageMessenger;
}

/** Commands that act on the allowlist of a snapshot, and so must reach the document it was taken in. */
const ACTS_ON_SNAPSHOT = new Set<PageCommandName>(['fill_form', 'click', 'submit_form', 'preview']);

/**
 * Routes page tool calls (and fill_form's preview) to the content script of the run's tab and frame (the
 * top frame unless the run says otherwise; it reaches same-origin iframes and shadow roots itself). The
 * document of each run's snapshot is remembered, so a command after a navigation answers 'navigated'
 * instead of acting on a page the model has not seen.
 */
export function createRouteToPage(deps: RouteToPageDeps = {}): RouteToPage {
  const targets = deps.targets ?? createPageTargetStore();
  return async <K extends PageCommandName>(call: PageToolCall<K>, ctx: ToolContext): Promise<PageRouteResult<K>> => {
    if (!isPageCommandName(call.toolName)) return { ok: false, reason: 'tool-error', message: `${String(call.toolName)} is not a page command.` };
    if (ctx.tabId === undefined) return { ok: false, reason: 'no-receiver', message: 'no web page is attached to this conversation' };
    const target = { tabId: ctx.tabId, frameId: ctx.frameId ?? 0 };
    const expected = ACTS_ON_SNAPSHOT.has(call.toolName) ? await targets.snapshotDocument(ctx.runId, target) : undefined;
    const pageCall = { runId: ctx.runId, toolCallId: call.toolCallId, args: call.input, ...(expected ? { expectDocId: expected.docId } : {}) };
    const sent = await sendPageCommand(target, call.toolName, pageCall, deps.messenger);
    if (!sent.ok) return sent.reason === 'tool-error' ? { ok: false, reason: 'tool-error', message: sent.message ?? 'The page refused the call.' } : { ok: false, reason: sent.reason, ...(sent.message ? { message: sent.message } : {}) };
    const { outcome, ...reply } = sent.answer;
    if (!outcome.ok) {
      if (outcome.error === 'navigated') return { ok: false, reason: 'navigated', message: expected ? `was ${expected.url}, now ${reply.url}` : outcome.message };
      return { ok: false, reason: 'tool-error', message: outcome.message };
    }
    const doc = { docId: reply.docId, url: reply.url };
    if (call.toolName === 'get_form_state') await targets.rememberSnapshot(ctx.runId, target, doc);
    if (call.toolName === 'fill_form') await targets.rememberFill(ctx.runId, call.toolCallId, target, doc);
    return { ok: true, output: outcome.output };
  };
}
