/**
 * An Excel workbook's sheets with exceljs: every cell as the text the file stores for it (a formula's cached
 * result, a hyperlink's text, never its address), bounded in rows. Formulas are never evaluated here: exceljs
 * reads the value Excel last computed, so `=WEBSERVICE(...)` is at most the text it once returned.
 */
import ExcelJS from 'exceljs';
import type { Sheet } from './sheet-to-text';

/** The text a person sees in a cell; '' for empty. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().replace(/T00:00:00\.000Z$/, '');
  if (typeof value !== 'object') return String(value);
  if ('result' in value) return value.result === undefined ? '' : cellText(value.result as ExcelJS.CellValue);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('text' in value) return typeof value.text === 'string' ? value.text : cellText(value.text as ExcelJS.CellValue);
  if ('error' in value) return String(value.error);
  return '';
}

export async function readXlsx(bytes: Uint8Array, maxRows: number, signal?: AbortSignal): Promise<Sheet[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.slice().buffer);
  const sheets: Sheet[] = [];
  let budget = maxRows;
  for (const ws of workbook.worksheets) {
    signal?.throwIfAborted();
    if (ws.state === 'veryHidden' || ws.state === 'hidden') continue;
    const rows: string[][] = [];
    const total = ws.actualRowCount;
    ws.eachRow({ includeEmpty: false }, (row) => {
      // A hidden row is not what a person reads in the sheet.
      if (rows.length >= budget || row.hidden) return;
      const values = row.values as ExcelJS.CellValue[];
      // row.values is 1-based: index 0 is empty.
      rows.push(values.slice(1).map(cellText));
    });
    budget -= rows.length;
    sheets.push({ name: ws.name, rows, totalRows: total });
    if (budget <= 0) break;
  }
  return sheets;
}
