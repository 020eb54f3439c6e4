/** The last indexing of the folder as Settings → Documents words it: what is in the index, what was skipped and why. */
import type { FolderIndexReport } from '../../lib/storage/folder-store';
import { FOLDER_INDEX_MAX_FILES, FOLDER_INDEX_MAX_FILE_BYTES } from '../../lib/tools/folder/folder-index-limits';
import { t } from '../ui/t';
import { formatInteger } from '../../lib/util/format-integer';

const n = (value: number) => formatInteger(value);

export function describeFolderIndexReport(report: FolderIndexReport): string[] {
  if (report.error === 'permission') return [t('documents_index_permission')];
  if (report.error) return [];
  const lines = [
    t('documents_index_report', n(report.documents), n(report.indexed), n(report.unchanged), n(report.removed)),
  ];
  const s = report.skipped;
  const reasons: string[] = [];
  if (s.tooLarge)
    reasons.push(t('documents_skip_large', n(s.tooLarge), `${FOLDER_INDEX_MAX_FILE_BYTES / 1_000_000} MB`));
  if (s.unsupported) reasons.push(t('documents_skip_type', n(s.unsupported)));
  if (s.unreadable) reasons.push(t('documents_skip_unreadable', n(s.unreadable)));
  if (s.overLimit) reasons.push(t('documents_skip_limit', n(s.overLimit), n(FOLDER_INDEX_MAX_FILES)));
  if (s.refused) reasons.push(t('documents_skip_refused', n(s.refused)));
  if (reasons.length) lines.push(t('documents_skipped', reasons.join('; ')));
  if (report.stopped) lines.push(t('documents_index_stopped'));
  return lines;
}
