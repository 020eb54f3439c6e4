import type { createActionStatus } from './action-status';
import type { FolderIndexState } from './folder-index-state';
import { describeFolderIndexReport } from './describe-folder-index-report';
import { t } from '../ui/t';

/** Settings → Documents: the "Remember my documents" switch, Re-index now / Stop, and what the last indexing did. */
export function FolderIndexControls({
  state,
  status,
}: {
  state: FolderIndexState;
  status: ReturnType<typeof createActionStatus>;
}) {
  const report = state.report.value;
  const lines = report ? describeFolderIndexReport(report) : [];
  return (
    <div class="folder-index" data-testid="folder-index">
      <label>
        <input
          type="checkbox"
          checked={state.on.value}
          disabled={!state.remembering.value || state.indexing.value}
          onChange={(e) => void status.attempt(() => state.setOn(e.currentTarget.checked))}
        />{' '}
        {t('documents_index_label')}
      </label>
      <p class="field-hint">
        {state.remembering.value ? t('documents_index_hint') : t('documents_index_needs_remember')}
      </p>
      {state.on.value && state.remembering.value && (
        <div class="form-actions">
          <button
            type="button"
            disabled={state.indexing.value}
            onClick={() => void status.attempt(() => state.index())}
          >
            {t('documents_reindex')}
          </button>
          {state.indexing.value && (
            <button type="button" onClick={() => void status.attempt(() => state.stop())}>
              {t('documents_stop_index')}
            </button>
          )}
        </div>
      )}
      <p aria-live="polite" class="field-hint" data-testid="folder-index-report">
        {state.indexing.value ? t('documents_indexing') : lines.map((line) => <span key={line}>{line} </span>)}
      </p>
    </div>
  );
}
