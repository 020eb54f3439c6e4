/** Settings → Privacy & data's model: export everything to a file, import one back (delete-all has its own model). */
import { signal } from '@preact/signals';
import { sendToBackground } from '../../lib/background/send-to-background';
import { createActionStatus } from './action-status';
import { formatCount, formatList } from './format-figures';
import { t } from '../ui/t';

/** The file's name: the date it was made, so several exports sort and do not overwrite each other. */
export const exportFileName = (at: Date) => `tabwise-export-${at.toISOString().slice(0, 10)}.json`;

/** Saves `text` as a download (an object URL on a link: no network, no permission). */
function download(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  // The download has the blob by the next task; the URL is not needed after that.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function createPrivacyState() {
  const busy = signal(false);
  const { message, error, attempt } = createActionStatus();
  const run = async (f: () => Promise<void>) => {
    busy.value = true;
    await attempt(f);
    busy.value = false;
  };
  return {
    busy,
    message,
    error,
    exportAll: () =>
      run(async () => {
        const file = await sendToBackground('data.export', {});
        download(JSON.stringify(file, null, 2), exportFileName(new Date(file.exportedAt)));
        const providers = file.providers?.length ?? 0;
        message.value = t(
          file.remember ? 'privacy_exported_remember' : 'privacy_exported',
          formatCount(file.conversations.length, 'conversation'),
          formatCount(file.memories.length, 'memory'),
          formatCount(file.skills.length, 'skill'),
          formatCount(providers, 'provider'),
        );
      }),
    /** Imports the file; `onImported` lets the other sections show what arrived. */
    importFile: (file: File, onImported?: () => void) =>
      run(async () => {
        const r = await sendToBackground('data.import', { text: await file.text() });
        const keys = r.providersNeedingKey.length
          ? ` ${t('privacy_keys_needed', r.providersNeedingKey.join(', '))}`
          : '';
        // What was already here is said as kept, so a second import of one file does not read "Imported 0".
        const kept = [
          r.kept.conversations && formatCount(r.kept.conversations, 'conversation'),
          r.kept.memories && formatCount(r.kept.memories, 'memory'),
          r.kept.skills && formatCount(r.kept.skills, 'skill'),
          r.kept.providers && formatCount(r.kept.providers, 'provider'),
        ].filter((x): x is string => !!x);
        const nothingNew = r.conversations + r.messages + r.memories + r.skills + r.providers === 0;
        const imported = t(
          r.remember ? 'privacy_imported_remember' : 'privacy_imported',
          formatCount(r.conversations, 'conversation'),
          formatCount(r.messages, 'message'),
          formatCount(r.memories, 'memory'),
          formatCount(r.skills, 'skill'),
          formatCount(r.providers, 'provider'),
          file.name,
        );
        const summary =
          nothingNew && kept.length > 0
            ? t('privacy_import_all_kept', formatList(kept), file.name)
            : kept.length > 0
              ? `${imported} ${t('privacy_import_kept_too', formatList(kept))}`
              : imported;
        const grants = r.grants ? ` ${t('privacy_imported_grants', formatCount(r.grants, 'grant'))}` : '';
        message.value = `${summary}${grants}${keys}`;
        onImported?.();
      }),
  };
}

export type PrivacyState = ReturnType<typeof createPrivacyState>;
