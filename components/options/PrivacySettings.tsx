import { useMemo } from 'preact/hooks';
import { DeleteAllData } from './DeleteAllData';
import { createPrivacyState } from './privacy-state';
import { SectionStatus } from './SectionStatus';
import { SettingsSection } from './SettingsSection';
import { t } from '../ui/t';

/** Export everything to a file, import it back, or delete everything. */
export function PrivacySettings({ onImported }: { onImported?: () => void }) {
  const state = useMemo(createPrivacyState, []);
  return (
    <SettingsSection id="privacy" description={t('privacy_description')}>
      <div class="subsection" role="group" aria-label={t('privacy_export_import')}>
        <h3 class="subheading">{t('privacy_export_import')}</h3>
        <p class="hint">{t('privacy_file_text')}</p>
        <SectionStatus message={state.message.value} error={state.error.value} />
        <div class="form-actions">
          <button type="button" disabled={state.busy.value} onClick={() => void state.exportAll()}>
            {t('privacy_export')}
          </button>
          <label class="file-button">
            <span>{t('privacy_import')}</span>
            <input
              type="file"
              accept="application/json,.json"
              aria-label={t('privacy_import_label')}
              disabled={state.busy.value}
              onChange={(e) => {
                const input = e.currentTarget;
                const file = input.files?.[0];
                if (file) void state.importFile(file, onImported).then(() => (input.value = ''));
              }}
            />
          </label>
        </div>
      </div>
      <DeleteAllData />
    </SettingsSection>
  );
}
