import { useEffect, useMemo } from 'preact/hooks';
import { createBuiltinModelState } from './builtin-model-state';

/** Availability and download state of Chrome's built-in model, as Chrome reports it. */
export function BuiltinModelStatus() {
  const state = useMemo(createBuiltinModelState, []);
  useEffect(() => {
    void state.refresh();
  }, [state]);
  const s = state.status.value;
  const unusable = s?.availability === 'missing' || s?.availability === 'unavailable';
  return (
    <div class="builtin-status" role="status" aria-label="Chrome built-in model" data-availability={s?.availability ?? 'checking'}>
      <p class={unusable ? 'test-error' : s?.availability === 'available' ? 'test-ok' : 'hint'}>{s ? s.message : 'Asking Chrome about its built-in model…'}</p>
      {s?.availability === 'downloadable' && state.progress.value === null && (
        <button type="button" onClick={() => void state.download()}>
          Download the model
        </button>
      )}
      {state.progress.value !== null && <progress max={1} value={state.progress.value} aria-label="Model download" />}
      {state.error.value && <p class="test-error">{state.error.value}</p>}
    </div>
  );
}
