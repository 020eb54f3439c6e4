import { useMemo } from 'preact/hooks';
import { createDeleteAllDataState } from './delete-all-data-state';

/** Deletes everything Tabwise kept about the user's use of it; providers, keys and settings stay. */
export function DeleteAllData() {
  const state = useMemo(createDeleteAllDataState, []);
  return (
    <section aria-label="Your data" class="delete-all-data">
      <h2>Your data</h2>
      <p class="hint">
        Deletes every conversation, the record of every run (with the page text tools read), memories, “always allow” approvals and performance
        figures. Your providers, keys and settings stay. The history index has its own controls above.
      </p>
      {state.message.value && <p role="status">{state.message.value}</p>}
      {state.error.value && (
        <p role="alert" class="test-error">
          {state.error.value}
        </p>
      )}
      {state.confirming.value ? (
        <div class="row" role="group" aria-label="Confirm deleting all data">
          <span>This cannot be undone. Delete everything?</span>
          <button type="button" class="danger" onClick={() => void state.confirm()}>
            Yes, delete everything
          </button>
          <button type="button" onClick={() => state.cancel()}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" onClick={() => state.ask()}>
          Delete all data…
        </button>
      )}
    </section>
  );
}
