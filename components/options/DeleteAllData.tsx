import { useMemo } from 'preact/hooks';
import { createDeleteAllDataState } from './delete-all-data-state';
import { SectionStatus } from './SectionStatus';
import { t } from '../ui/t';

/** Deletes everything Tabwise kept about the user's use of it; providers, keys and settings stay. */
export function DeleteAllData() {
  const state = useMemo(createDeleteAllDataState, []);
  return (
    <div class="subsection delete-all-data" role="group" aria-label={t('delete_all_label')}>
      <h3 class="subheading">{t('delete_all_label')}</h3>
      <p class="hint">{t('delete_all_text')}</p>
      <SectionStatus message={state.message.value} error={state.error.value} />
      {state.confirming.value ? (
        <div class="form-actions" role="group" aria-label={t('delete_all_confirm_label')}>
          <span>{t('delete_all_confirm_text')}</span>
          <button type="button" class="danger" onClick={() => void state.confirm()}>
            {t('delete_all_yes')}
          </button>
          <button type="button" onClick={() => state.cancel()}>
            {t('common_cancel')}
          </button>
        </div>
      ) : (
        <div class="form-actions">
          <button type="button" onClick={() => state.ask()}>
            {t('delete_all_ask')}
          </button>
        </div>
      )}
    </div>
  );
}
