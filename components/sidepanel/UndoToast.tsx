import type { HistoryState } from './history-state';

/** "Deleted …" with Undo, for as long as the background keeps the conversation restorable. */
export function UndoToast({ history }: { history: HistoryState }) {
  const pending = history.undo.value;
  if (!pending) return null;
  return (
    <div class="toast" role="status">
      <span>Deleted “{pending.title}”.</span>
      <button type="button" onClick={() => void history.undoDelete()}>
        Undo
      </button>
      <button type="button" class="link" aria-label="Dismiss" onClick={() => history.dismissUndo()}>
        ✕
      </button>
    </div>
  );
}
