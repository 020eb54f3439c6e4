/**
 * A sheet as text the model can place itself in: cut into slices of rows, every slice headed by a line naming
 * the sheet and its row range (`Sheet "Q3", rows 201–260 of 1,204`, the sheet's own 1-based row numbers) and by
 * the column headers again, so a slice read alone (a window of read_file, a chunk in the index) still says what
 * each column is. Cells are the values the file stores (a formula's last computed result), never evaluated here.
 */
export interface Sheet {
  name: string;
  /** Rows as strings, the first the header; already capped by the reader. */
  rows: string[][];
  /** Rows the sheet has in all (more than `rows` when the reader stopped at its cap). */
  totalRows: number;
}

export interface SheetSlice {
  sheet: string;
  /** First and last row numbers in the slice, 1-based, as the spreadsheet numbers them (row 1 is the header). */
  firstRow: number;
  lastRow: number;
  text: string;
}

/** Rows a slice holds: small enough for an index chunk, large enough that headers are a small share of it. */
export const ROWS_PER_SLICE = 60;

const cell = (value: string) => value.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|').trim();
const line = (cells: string[], width: number) =>
  `| ${Array.from({ length: width }, (_, i) => cell(cells[i] ?? '')).join(' | ')} |`;

/** The sheet's slices; a sheet with only a header (or nothing) gives one slice saying so. */
export function sliceSheet(sheet: Sheet, rowsPerSlice = ROWS_PER_SLICE, locale = 'en'): SheetSlice[] {
  const count = new Intl.NumberFormat(locale);
  const [header = [], ...body] = sheet.rows;
  const width = Math.max(header.length, ...body.slice(0, 1000).map((r) => r.length), 1);
  const head = `${line(header, width)}\n|${' --- |'.repeat(width)}`;
  const total = count.format(sheet.totalRows);
  if (body.length === 0)
    return [
      { sheet: sheet.name, firstRow: 1, lastRow: 1, text: `Sheet "${sheet.name}", no rows under the header\n${head}` },
    ];
  const slices: SheetSlice[] = [];
  for (let i = 0; i < body.length; i += rowsPerSlice) {
    const part = body.slice(i, i + rowsPerSlice);
    // Row 1 is the header, so body row i is sheet row i + 2.
    const firstRow = i + 2;
    const lastRow = i + 1 + part.length;
    const label = `Sheet "${sheet.name}", rows ${count.format(firstRow)}–${count.format(lastRow)} of ${total}`;
    slices.push({
      sheet: sheet.name,
      firstRow,
      lastRow,
      text: `${label}\n${head}\n${part.map((r) => line(r, width)).join('\n')}`,
    });
  }
  return slices;
}
