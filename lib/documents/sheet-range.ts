/**
 * A spreadsheet citation: which sheet and which rows (1-based, as sheet-to-text.ts numbers them: row 1 is the
 * header), and where the rows are read from (an attached file, or a web address). Two addresses carry it, and both
 * are parsed here and nowhere else:
 * - the citation the model writes on a spreadsheet's address, as `#page=N` on a PDF's:
 *   `https://host/q3.xlsx#sheet=Q3&rows=201-260`;
 * - the extension's reader page that shows those rows as a table: `sheet.html?src=…&sheet=Q3&rows=201-260`, where
 *   `src` is `attachment:<id>` or an http(s) address.
 * Anything else (another scheme, a credential in the address, a range backwards, too wide or not numbers) is
 * refused, so a link the model writes can open this page only with a range that was checked.
 */
import type { Sheet } from './sheet-to-text';

export interface SheetRange {
  sheet: string;
  firstRow: number;
  lastRow: number;
}

export type SheetSource = { kind: 'attachment'; id: string } | { kind: 'url'; url: string };

export interface SheetView {
  source: SheetSource;
  range: SheetRange;
}

/** The reader page's path in the extension. */
export const SHEET_VIEW_PATH = '/sheet.html';
/** Rows one view shows at most (a slice is 60; a citation may join a few). */
export const MAX_VIEW_ROWS = 1_000;
/** The highest row number a citation may name (the reader stops long before). */
export const MAX_ROW_NUMBER = 10_000_000;
/** A sheet's name: Excel allows 31 characters; a CSV's sheet is its file name. */
const MAX_SHEET_NAME = 255;
const MAX_URL_CHARS = 4_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const CONTROL = /[\u0000-\u001f\u007f]/;

/** `201-260` (or with an en dash, as the slice line writes it) as a checked range of rows. */
export function parseRows(rows: string | null | undefined): { firstRow: number; lastRow: number } | undefined {
  const m = /^(\d{1,8})[-–](\d{1,8})$/.exec(rows ?? '') ?? /^(\d{1,8})$/.exec(rows ?? '');
  if (!m) return undefined;
  const firstRow = Number(m[1]);
  const lastRow = Number(m[2] ?? m[1]);
  if (firstRow < 1 || lastRow < firstRow || lastRow > MAX_ROW_NUMBER) return undefined;
  if (lastRow - firstRow + 1 > MAX_VIEW_ROWS) return undefined;
  return { firstRow, lastRow };
}

function parseSheetName(name: string | null): string | undefined {
  if (name === null || CONTROL.test(name)) return undefined;
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > MAX_SHEET_NAME) return undefined;
  return trimmed;
}

/** An http(s) address a reader may fetch again: no credentials, no fragment, not too long. */
function parseWebAddress(text: string): string | undefined {
  if (text.length > MAX_URL_CHARS) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password) return undefined;
  url.hash = '';
  return url.href;
}

function parseSource(src: string | null): SheetSource | undefined {
  if (!src) return undefined;
  if (src.startsWith('attachment:')) {
    const id = src.slice('attachment:'.length);
    return UUID.test(id) ? { kind: 'attachment', id: id.toLowerCase() } : undefined;
  }
  const url = parseWebAddress(src);
  return url ? { kind: 'url', url } : undefined;
}

const sourceParam = (source: SheetSource) => (source.kind === 'attachment' ? `attachment:${source.id}` : source.url);

/** The reader page's address for a view (`base`: the extension's origin, as chrome.runtime.getURL('') gives it). */
export function sheetViewUrl(base: string, view: SheetView): string {
  const url = new URL(SHEET_VIEW_PATH, base);
  url.searchParams.set('src', sourceParam(view.source));
  url.searchParams.set('sheet', view.range.sheet);
  url.searchParams.set('rows', `${view.range.firstRow}-${view.range.lastRow}`);
  return url.href;
}

/**
 * The view a reader page address asks for, or undefined when it is not exactly the extension's reader page
 * (`base`'s origin, its path, the three parameters and nothing else) with a valid source and range.
 */
export function parseSheetViewUrl(href: string, base: string): SheetView | undefined {
  let url: URL;
  let home: URL;
  try {
    url = new URL(href);
    home = new URL(base);
  } catch {
    return undefined;
  }
  // By scheme and host: a chrome-extension: URL's `origin` is "null" outside the browser.
  if (
    url.protocol !== home.protocol ||
    url.host !== home.host ||
    !url.host ||
    url.pathname !== SHEET_VIEW_PATH ||
    url.hash
  )
    return undefined;
  const keys = [...url.searchParams.keys()];
  if (keys.length !== 3 || new Set(keys).size !== 3) return undefined;
  const source = parseSource(url.searchParams.get('src'));
  const sheet = parseSheetName(url.searchParams.get('sheet'));
  const rows = parseRows(url.searchParams.get('rows'));
  return source && sheet && rows ? { source, range: { sheet, ...rows } } : undefined;
}

/**
 * A spreadsheet citation on a web address (`https://host/q3.xlsx#sheet=Q3&rows=201-260`) as the view it opens,
 * or undefined when the address carries no such fragment (then it is an ordinary link) or a malformed one.
 */
export function parseSheetCitation(href: string): SheetView | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  if (!url.hash.startsWith('#sheet=')) return undefined;
  const params = new URLSearchParams(url.hash.slice(1));
  if ([...params.keys()].join(',') !== 'sheet,rows') return undefined;
  const sheet = parseSheetName(params.get('sheet'));
  const rows = parseRows(params.get('rows'));
  const address = parseWebAddress(url.href);
  return sheet && rows && address ? { source: { kind: 'url', url: address }, range: { sheet, ...rows } } : undefined;
}

export interface SheetRows {
  sheet: string;
  header: string[];
  /** The rows asked for that the sheet has, each with its 1-based number. */
  rows: Array<{ number: number; cells: string[] }>;
  /** Columns to draw (the widest of the header and the rows). */
  width: number;
  totalRows: number;
  /** The range as it could be shown (cut to the rows read). */
  firstRow: number;
  lastRow: number;
}

/**
 * The rows of `range` from the sheets a reader gave (the same reader and numbering as the text the model read),
 * with the header row; undefined when no sheet has that name. A range past the rows read answers no rows.
 */
export function sliceSheetRows(sheets: Sheet[], range: SheetRange): SheetRows | undefined {
  const sheet = sheets.find((s) => s.name === range.sheet);
  if (!sheet) return undefined;
  const [header = [], ...body] = sheet.rows;
  // Row 1 is the header, so sheet row n is body row n - 2.
  const from = Math.max(range.firstRow, 2);
  const to = Math.min(range.lastRow, body.length + 1);
  const rows = [];
  for (let n = from; n <= to; n++) rows.push({ number: n, cells: body[n - 2]! });
  const width = Math.max(header.length, ...rows.map((r) => r.cells.length), 1);
  return {
    sheet: sheet.name,
    header,
    rows,
    width,
    totalRows: sheet.totalRows,
    firstRow: from,
    lastRow: Math.max(from - 1, to),
  };
}

/**
 * How the model cites rows of an attached spreadsheet: the reader page's address with `NAME` and `A-B` left for
 * it to fill (the sheet's name URL-encoded, the rows from the slice's line).
 */
export function sheetCitationTemplate(base: string, attachmentId: string): string {
  const url = new URL(SHEET_VIEW_PATH, base);
  url.searchParams.set('src', `attachment:${attachmentId}`);
  return `${url.href}&sheet=NAME&rows=A-B`;
}
