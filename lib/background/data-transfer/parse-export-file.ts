/** Reads an export file's text into a checked ExportFile, or says plainly why it cannot (and nothing is imported). */
import { EXPORT_FORMAT, EXPORT_VERSION, exportFileSchema, type ExportFile } from './export-file-schema';
import { UserFacingError } from '../../messaging/user-facing-error';
import { t } from '../../util/t';
import { isRecord } from '../../util/is-record';

/** Throws UserFacingError('invalid') with a message for the person who picked the file. */
export function parseExportFile(text: string): ExportFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new UserFacingError('invalid', t('bg_import_not_json', (cause as Error).message));
  }
  if (!isRecord(json) || json.format !== EXPORT_FORMAT) throw new UserFacingError('invalid', t('bg_import_not_export'));
  if (typeof json.version === 'number' && json.version > EXPORT_VERSION) {
    throw new UserFacingError('invalid', t('bg_import_newer', json.version));
  }
  const parsed = exportFileSchema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const why = first?.message ?? 'unreadable';
    throw new UserFacingError(
      'invalid',
      first?.path.length ? t('bg_import_damaged_at', first.path.join('.'), why) : t('bg_import_damaged', why),
    );
  }
  return parsed.data;
}
