/** Reads an export file's text into a checked ExportFile, or says plainly why it cannot (and nothing is imported). */
import { EXPORT_FORMAT, EXPORT_VERSION, exportFileSchema, type ExportFile } from './export-file-schema';
import { UserFacingError } from '../user-facing-error';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Throws UserFacingError('invalid') with a message for the person who picked the file. */
export function parseExportFile(text: string): ExportFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new UserFacingError('invalid', `Nothing was imported: this file is not a Tabwise export (it is not valid JSON: ${(cause as Error).message}).`);
  }
  if (!isRecord(json) || json.format !== EXPORT_FORMAT) throw new UserFacingError('invalid', 'Nothing was imported: this file is not a Tabwise export.');
  if (typeof json.version === 'number' && json.version > EXPORT_VERSION) {
    throw new UserFacingError('invalid', `Nothing was imported: this file was exported by a newer Tabwise (format version ${json.version}). Update Tabwise, then import it again.`);
  }
  const parsed = exportFileSchema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first?.path.length ? ` at ${first.path.join('.')}` : '';
    throw new UserFacingError('invalid', `Nothing was imported: the file is damaged${where} (${first?.message ?? 'unreadable'}).`);
  }
  return parsed.data;
}
