import { UserFacingError } from './chat-service';
import type { BackgroundHandler as Handler } from './protocol';
import { createPageTargetStore, type PageTargetStore } from '../tools/page/page-target-store';
import { sendPageCommand, type PageMessenger } from '../tools/page/send-page-command';
import { t } from '../util/t';

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
    if (!where) throw new UserFacingError('not_found', t('bg_undo_nothing'));
    const sent = await sendPageCommand(
      { tabId: where.tabId, frameId: where.frameId },
      'undo',
      { runId, toolCallId, args: {}, expectDocId: where.docId },
      deps.messenger,
    );
    if (!sent.ok) {
      if (sent.reason === 'tool-error') throw new UserFacingError('page_changed', sent.message || t('bg_undo_refused'));
      throw new UserFacingError(
        'page_gone',
        sent.reason === 'tab-closed' ? t('bg_undo_tab_closed') : t('bg_undo_page_gone'),
      );
    }
    const outcome = sent.answer.outcome;
    if (!outcome.ok)
      throw new UserFacingError(
        'page_changed',
        outcome.error === 'navigated' ? t('bg_undo_page_changed') : outcome.message,
      );
    return {
      restored: outcome.output.restored.length,
      restoredKeys: outcome.output.restored.map((r) => r.key),
      failed: outcome.output.failed,
    };
  };
}
