/**
 * A worksheet's rows from its XML (xl/worksheets/sheetN.xml), as the text each cell stores: shared and inline
 * strings, numbers (dates by their cell style), booleans, errors, and a formula's cached result, never the formula
 * and never evaluated. Columns keep their place (a cell in column C is the third cell, gaps left empty); rows
 * with no value and hidden rows are left out, as a person reading the sheet sees it. Bounded in rows; yields to the
 * event loop as it goes, so Stop and the reader's time limit can end it.
 */
import { decodeXmlText, excelSerialToDate, runText } from './xlsx-xml';

export interface SheetStyles {
  sharedStrings: string[];
  /** Per cell style index: whether its number is a date. */
  dateStyles: boolean[];
  date1904: boolean;
}

export interface ScannedSheet {
  rows: string[][];
  /** Rows with a value in the sheet, hidden ones included (more than `rows` when the cap was reached). */
  totalRows: number;
}

/** Rows scanned between two yields to the event loop. */
const ROWS_PER_YIELD = 5_000;

/** Lets queued tasks run (an abort, a message); a MessageChannel, because timers of a hidden page are throttled. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** 0-based column of a cell reference (`C12` → 2), or -1 when it has none. */
function columnOf(ref: string | undefined): number {
  if (!ref) return -1;
  let col = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i) | 0x20; // lower case
    if (c < 97 || c > 122) break;
    col = col * 26 + (c - 96);
  }
  return i === 0 ? -1 : col - 1;
}

/** The value of attribute `name` in an element's attribute text. */
function attribute(attrs: string, name: string): string | undefined {
  const at = attrs.indexOf(` ${name}=`);
  if (at < 0) return undefined;
  const quote = attrs[at + name.length + 2];
  const start = at + name.length + 3;
  const end = attrs.indexOf(quote!, start);
  return end < 0 ? undefined : attrs.slice(start, end);
}

/** The raw text of the cell's `<v>` between `from` and `to` in `xml`, or undefined. */
function valueIn(xml: string, from: number, to: number, prefix: string): string | undefined {
  const open = `<${prefix}v>`;
  const at = xml.indexOf(open, from);
  if (at < 0 || at >= to) return undefined;
  const start = at + open.length;
  return xml.slice(start, xml.indexOf('<', start));
}

/** The text a person sees in the cell whose content lies between `from` and `to` in `xml`. */
function cellText(xml: string, from: number, to: number, prefix: string, attrs: string, styles: SheetStyles): string {
  const type = attribute(attrs, 't') ?? 'n';
  if (type === 'inlineStr') return runText(xml.slice(from, to));
  const raw = valueIn(xml, from, to, prefix);
  if (raw === undefined) return '';
  switch (type) {
    case 's':
      return styles.sharedStrings[Number(raw)] ?? '';
    case 'b':
      return raw === '1' || raw === 'true' ? 'true' : 'false';
    case 'n': {
      const n = parseFloat(raw);
      if (Number.isNaN(n)) return '';
      const style = attribute(attrs, 's');
      if (style !== undefined && styles.dateStyles[Number(style)])
        return excelSerialToDate(n, styles.date1904)
          .toISOString()
          .replace(/T00:00:00\.000Z$/, '');
      return String(n);
    }
    default:
      // str (a formula's text result), e (an error such as #N/A), d (an ISO date): the text as stored.
      return decodeXmlText(raw);
  }
}

/** A row's or a cell's start tag (a new RegExp per scan: its lastIndex is the scan's place, and scans interleave). */
const ROW_OR_CELL = /<([\w.-]+:)?(row|c)\b([^>]*)>/;

export async function scanSheetXml(
  xml: string,
  styles: SheetStyles,
  maxRows: number,
  signal?: AbortSignal,
): Promise<ScannedSheet> {
  const start = xml.search(/<(?:[\w.-]+:)?sheetData\b/);
  const rows: string[][] = [];
  let totalRows = 0;
  if (start < 0) return { rows, totalRows };
  const close = xml.search(/<\/(?:[\w.-]+:)?sheetData>/);
  const end = close < 0 ? xml.length : close;
  let row: string[] | undefined;
  let rowHasValue = false;
  let rowHidden = false;
  let scanned = 0;
  const tags = new RegExp(ROW_OR_CELL.source, 'g');
  const endRow = () => {
    if (!row || !rowHasValue) return;
    totalRows++;
    if (!rowHidden && rows.length < maxRows) rows.push(row);
  };
  tags.lastIndex = start;
  for (let m = tags.exec(xml); m && m.index < end; m = tags.exec(xml)) {
    const [, prefix = '', name, attrs = ''] = m;
    const selfClosing = attrs.endsWith('/');
    if (name === 'row') {
      endRow();
      if (++scanned % ROWS_PER_YIELD === 0) {
        await yieldToEventLoop();
        signal?.throwIfAborted();
      }
      const hidden = attribute(attrs, 'hidden');
      rowHidden = hidden === '1' || hidden === 'true';
      row = [];
      rowHasValue = false;
      continue;
    }
    if (selfClosing || !row) continue;
    const cellEnd = xml.indexOf(`</${prefix}c>`, tags.lastIndex);
    if (cellEnd < 0) break;
    const from = tags.lastIndex;
    tags.lastIndex = cellEnd + prefix.length + 4;
    // Past the cap only whether the row has a value matters (the sheet's row count).
    const text =
      rows.length < maxRows
        ? cellText(xml, from, cellEnd, prefix, attrs, styles)
        : xml.lastIndexOf('>', cellEnd) > from
          ? '.'
          : '';
    if (text === '') continue;
    rowHasValue = true;
    if (rows.length >= maxRows) continue;
    const col = columnOf(attribute(attrs, 'r'));
    if (col >= 0 && col < 16_384) row[col] = text;
    else row.push(text);
  }
  endRow();
  return { rows: rows.map((r) => Array.from(r, (c) => c ?? '')), totalRows };
}
