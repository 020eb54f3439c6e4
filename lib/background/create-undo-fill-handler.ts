import { UserFacingError } from './chat-service';
import type { BackgroundHandler as Handler } from './protocol';
import { createPageTargetStore, type PageTargetStore } from '../tools/page/page-target-store';
import { sendPageCommand, type PageMessenger } from '../tools/page/send-page-command';

export interface UndoFillDeps {
  targets?: PageTargetStore;
  messenger?: PageMessenger;
}

/**
 * The 'page.undoFill' handler (the Undo on a fill_form card): asks the frame that was filled to put back
 * the values that fill replaced. Only the same document can: after a reload the old values are gone.
 */
export function createUndoFillHandler(deps: UndoFillDeps = {}): Handler<'page.undoFill'> {
  const targets = deps.targets ?? createPageTargetStore();
  return async ({ runId, toolCallId }) => {
    const where = await targets.fillTarget(runId, toolCallId);
    if (!where) throw new UserFacingError('not_found', 'Nothing to undo: this fill changed no field, or it is too old.');
    const sent = await sendPageCommand({ tabId: where.tabId, frameId: where.frameId }, 'undo', { runId, toolCallId, args: {}, expectDocId: where.docId }, deps.messenger);
    if (!sent.ok) {
      if (sent.reason === 'tool-error') throw new UserFacingError('page_changed', sent.message ?? 'The page refused the undo.');
      throw new UserFacingError('page_gone', sent.reason === 'tab-closed' ? 'The tab of that fill is closed.' : 'The page of that fill is no longer open.');
    }
    const outcome = sent.answer.outcome;
    if (!outcome.ok) throw new UserFacingError('page_changed', outcome.error === 'navigated' ? 'The page has changed since that fill (it navigated or reloaded).' : outcome.message);
    return { restored: outcome.output.restored.length, restoredKeys: outcome.output.restored.map((r) => r.key), failed: outcome.output.failed };
  };
}
