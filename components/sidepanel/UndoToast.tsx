import type { HistoryState } from './history-state';
import { t } from '../ui/t';

/** "Deleted …" with Undo, for as long as the background keeps the conversation restorable. */
export function UndoToast({ history }: { history: HistoryState }) {
  const pending = history.undo.value;
  if (!pending) return null;
  return (
    <div class="toast" role="status">
      <span>{t('undo_deleted', pending.title)}</span>
      <button type="button" onClick={() => void history.undoDelete()}>
        {t('undo_undo')}
      </button>
      <button type="button" class="link" aria-label={t('undo_dismiss')} onClick={() => history.dismissUndo()}>
        ✕
      </button>
    </div>
  );
}
