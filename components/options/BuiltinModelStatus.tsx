import { useEffect, useMemo } from 'preact/hooks';
import { createBuiltinModelState } from './builtin-model-state';
import { t } from '../ui/t';

/** Availability and download state of Chrome's built-in model, as Chrome reports it. */
export function BuiltinModelStatus() {
  const state = useMemo(createBuiltinModelState, []);
  useEffect(() => {
    void state.refresh();
  }, [state]);
  const s = state.status.value;
  const unusable = s?.availability === 'missing' || s?.availability === 'unavailable';
  return (
    <div
      class="builtin-status"
      role="status"
      aria-label={t('builtin_label')}
      data-availability={s?.availability ?? 'checking'}
    >
      <p class={unusable ? 'test-error' : s?.availability === 'available' ? 'test-ok' : 'hint'}>
        {s ? s.message : t('builtin_asking')}
      </p>
      {s?.availability === 'downloadable' && state.progress.value === null && (
        <button type="button" onClick={() => void state.download()}>
          {t('builtin_download')}
        </button>
      )}
      {state.progress.value !== null && (
        <progress max={1} value={state.progress.value} aria-label={t('builtin_download_label')} />
      )}
      {state.error.value && <p class="test-error">{state.error.value}</p>}
    </div>
  );
}
