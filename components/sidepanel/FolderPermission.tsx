import { useEffect, useState } from 'preact/hooks';
import type { FolderAccessState } from '../ui/folder-access-state';
import { t } from '../ui/t';

/**
 * The panel's prompt when Chrome withdrew Tabwise's permission to read the chosen folder (it does after the
 * browser restarts, unless the user allowed it on every visit): the folder tools then refuse, and a click here
 * (a user gesture, which the worker cannot give) asks Chrome again. Checked when the panel opens, when it gets
 * the focus back, and after each run (`checkAfter` changes). Its model (and IndexedDB's wrapper) loads after the
 * panel's first paint, not with its startup JavaScript.
 */
export function FolderPermission({ checkAfter }: { checkAfter: unknown }) {
  const [folder, setFolder] = useState<FolderAccessState | null>(null);
  useEffect(() => {
    void import('../ui/folder-access-state')
      .then((m) => setFolder(m.createFolderAccessState()))
      .catch((error: unknown) => console.warn('Tabwise: loading the folder prompt failed', error));
  }, []);
  useEffect(() => {
    if (!folder) return;
    const check = () =>
      void folder.load().catch((error: unknown) => console.warn('Tabwise: reading the chosen folder failed', error));
    check();
    window.addEventListener('focus', check);
    return () => window.removeEventListener('focus', check);
  }, [folder, checkAfter]);
  const name = folder?.name.value;
  if (!folder || !name || folder.permission.value === 'granted' || folder.permission.value === null) return null;
  return (
    <div class="unreadable-page folder-permission" role="status">
      <p>{t('folder_permission_prompt', name)}</p>
      <div class="actions">
        <button
          type="button"
          onClick={() =>
            void folder.allow().catch((error: unknown) => console.warn('Tabwise: allowing the folder failed', error))
          }
        >
          {t('documents_allow')}
        </button>
      </div>
    </div>
  );
}
