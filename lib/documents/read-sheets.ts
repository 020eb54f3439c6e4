/**
 * A spreadsheet's sheets as rows, for the reader page that shows a cited row range: the same checks and readers
 * as read-document.ts (bytes sniffed, zip bombs refused, rows capped, exceljs for XLSX and papaparse for CSV), so
 * the rows are numbered exactly as in the text the model read. Cells are the values the file stores; a formula
 * is never evaluated and a link in a cell stays its text. Nothing here makes a request.
 */
import { documentError } from './document-error';
import { sniffDocumentKind } from './document-kind';
import { DOCUMENT_LIMITS } from './read-document';
import { readZipDirectory, zipBombReason } from './read-zip-directory';
import type { Sheet } from './sheet-to-text';

const mb = (bytes: number) => `${Math.round(bytes / 100_000) / 10} MB`;

export async function readSheets(
  file: { bytes: Uint8Array; name: string; mediaType: string },
  signal?: AbortSignal,
): Promise<Sheet[]> {
  const fail = (reason: string): never => {
    throw documentError('unsupported_file', `Could not show ${file.name}: ${reason}.`);
  };
  if (file.bytes.length > DOCUMENT_LIMITS.maxBytes)
    fail(`it is ${mb(file.bytes.length)}, and files of at most ${mb(DOCUMENT_LIMITS.maxBytes)} are read`);
  const { kind } = sniffDocumentKind(file.bytes, file.name, file.mediaType, (b) =>
    readZipDirectory(b)?.map((e) => e.name),
  );
  if (kind === 'csv') {
    const { readCsv } = await import('./read-csv');
    return [readCsv(new TextDecoder().decode(file.bytes), file.name, DOCUMENT_LIMITS.maxRows, signal)];
  }
  if (kind !== 'xlsx') return fail('it is not a spreadsheet');
  const entries = readZipDirectory(file.bytes) ?? fail('its zip directory is damaged');
  const bomb = zipBombReason(entries, {
    maxEntries: DOCUMENT_LIMITS.maxZipEntries,
    maxInflatedBytes: DOCUMENT_LIMITS.maxInflatedBytes,
    maxRatio: DOCUMENT_LIMITS.maxZipRatio,
  });
  if (bomb) fail(bomb);
  const { readXlsx } = await import('./read-xlsx');
  return readXlsx(file.bytes, DOCUMENT_LIMITS.maxRows, signal);
}
