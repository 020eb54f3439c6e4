import { useEffect, useMemo } from 'preact/hooks';
import { createActionStatus } from './action-status';
import { SectionStatus } from './SectionStatus';
import { SettingsSection } from './SettingsSection';
import { createFolderAccessState } from '../ui/folder-access-state';
import { createFolderIndexState } from './folder-index-state';
import { FolderIndexControls } from './FolderIndexControls';
import { t } from '../ui/t';

/** Settings → Documents: the folder the assistant may read (list, search, read; never write), picked here. */
export function DocumentsSettings() {
  const folder = useMemo(() => createFolderAccessState(), []);
  const status = useMemo(createActionStatus, []);
  const index = useMemo(() => createFolderIndexState(), []);
  useEffect(
    () => void status.attempt(() => Promise.all([folder.load(), index.load()]).then(() => undefined)),
    [folder, index, status],
  );
  const name = folder.name.value;
  return (
    <SettingsSection id="documents" description={t('documents_description')}>
      <SectionStatus message={status.message.value} error={status.error.value} />
      {!folder.supported ? (
        <p class="field-hint">{t('documents_unsupported')}</p>
      ) : (
        <div class="form-grid">
          <p class="field">
            <span class="field-label">{t('documents_folder')}</span>{' '}
            <strong class="documents-folder" data-testid="documents-folder">
              {name ?? t('documents_none')}
            </strong>
          </p>
          {name && folder.permission.value !== 'granted' && (
            <p class="field-hint" role="status">
              {t('documents_needs_permission')}{' '}
              <button type="button" onClick={() => void status.attempt(folder.allow)}>
                {t('documents_allow')}
              </button>
            </p>
          )}
          <div class="form-actions">
            <button
              type="button"
              class="primary"
              disabled={!folder.loaded.value}
              onClick={() =>
                void status.attempt(async () => {
                  const picked = await folder.pick();
                  if (picked) status.message.value = t('documents_picked', picked);
                  if (picked) await index.folderChanged();
                })
              }
            >
              {name ? t('documents_change') : t('documents_pick')}
            </button>
            {name && (
              <button
                type="button"
                onClick={() =>
                  void status.attempt(async () => {
                    await folder.forget();
                    index.report.value = null;
                  }, t('documents_forgotten'))
                }
              >
                {t('documents_forget')}
              </button>
            )}
          </div>
          {name && <FolderIndexControls state={index} status={status} />}
        </div>
      )}
    </SettingsSection>
  );
}
