import { useMemo } from 'preact/hooks';
import { createDeleteAllDataState } from './delete-all-data-state';
import { SectionStatus } from './SectionStatus';

/** Deletes everything Tabwise kept about the user's use of it; providers, keys and settings stay. */
export function DeleteAllData() {
  const state = useMemo(createDeleteAllDataState, []);
  return (
    <div class="subsection delete-all-data" role="group" aria-label="Delete all data">
      <h3 class="subheading">Delete all data</h3>
      <p class="hint">
        Deletes every conversation, the record of every run (with the page text tools read), memories, “always allow” approvals and performance
        figures. Your providers, keys and settings stay. Remembered pages have their own controls under Remember what I read.
      </p>
      <SectionStatus message={state.message.value} error={state.error.value} />
      {state.confirming.value ? (
        <div class="form-actions" role="group" aria-label="Confirm deleting all data">
          <span>This cannot be undone. Delete everything?</span>
          <button type="button" class="danger" onClick={() => void state.confirm()}>
            Yes, delete everything
          </button>
          <button type="button" onClick={() => state.cancel()}>
            Cancel
          </button>
        </div>
      ) : (
        <div class="form-actions">
          <button type="button" onClick={() => state.ask()}>
            Delete all data…
          </button>
        </div>
      )}
    </div>
  );
}
