/** Spreadsheet citations: the reader page's address and the citation fragment are checked, and rows are sliced as the model read them. */
import { describe, expect, it } from 'vitest';
import {
  parseRows,
  parseSheetCitation,
  parseSheetViewUrl,
  sheetViewUrl,
  sliceSheetRows,
} from '../../../lib/documents/sheet-range';
import { sliceSheet, type Sheet } from '../../../lib/documents/sheet-to-text';

const BASE = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/';
const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('the reader page address', () => {
  it('round-trips an attachment and a web address, and keeps the range and sheet as given', () => {
    for (const source of [
      { kind: 'attachment' as const, id: ID },
      { kind: 'url' as const, url: 'https://example.com/q3.xlsx?v=2' },
    ]) {
      const view = { source, range: { sheet: 'Q3 & "totals"', firstRow: 201, lastRow: 260 } };
      const href = sheetViewUrl(BASE, view);
      expect(href.startsWith(`${BASE}sheet.html?`)).toBe(true);
      expect(parseSheetViewUrl(href, BASE)).toEqual(view);
    }
  });

  it('refuses another extension, another page, extra parameters, a fragment, and bad sources or ranges', () => {
    const ok = sheetViewUrl(BASE, {
      source: { kind: 'attachment', id: ID },
      range: { sheet: 'S', firstRow: 2, lastRow: 9 },
    });
    expect(parseSheetViewUrl(ok, BASE)).toBeDefined();
    const bad = [
      ok.replace('abcdefghijklmnopabcdefghijklmnop', 'ponmlkjihgfedcbaponmlkjihgfedcba'),
      ok.replace('sheet.html', 'options.html'),
      `${ok}&next=https://evil.test/`,
      `${ok}&rows=1-2`,
      `${ok}#x`,
      ok.replace(`attachment%3A${ID}`, 'attachment%3Anot-an-id'),
      ok.replace(`attachment%3A${ID}`, encodeURIComponent('javascript:alert(1)')),
      ok.replace(`attachment%3A${ID}`, encodeURIComponent('file:///etc/passwd')),
      ok.replace(`attachment%3A${ID}`, encodeURIComponent('https://user:pw@example.com/a.csv')),
      ok.replace('rows=2-9', 'rows=9-2'),
      ok.replace('rows=2-9', 'rows=0-9'),
      ok.replace('rows=2-9', 'rows=1-5000'),
      ok.replace('rows=2-9', 'rows=a-b'),
      ok.replace('rows=2-9', 'rows=2-9%0A'),
      ok.replace('sheet=S', 'sheet='),
      ok.replace('sheet=S', 'sheet=%0Aa'),
      'https://example.com/sheet.html?src=x&sheet=S&rows=1-2',
    ];
    for (const href of bad) expect(parseSheetViewUrl(href, BASE), href).toBeUndefined();
  });

  it('reads the range as the slice line writes it (en dash), or a single row', () => {
    expect(parseRows('201–260')).toEqual({ firstRow: 201, lastRow: 260 });
    expect(parseRows('7')).toEqual({ firstRow: 7, lastRow: 7 });
    expect(parseRows('1-1000')).toEqual({ firstRow: 1, lastRow: 1000 });
    expect(parseRows('1-1001')).toBeUndefined();
    expect(parseRows('99999999-99999999')).toBeUndefined();
  });
});

describe('a spreadsheet citation on its address', () => {
  it('becomes the view of that address without its fragment', () => {
    expect(parseSheetCitation('https://example.com/q3.xlsx#sheet=Q3&rows=201-260')).toEqual({
      source: { kind: 'url', url: 'https://example.com/q3.xlsx' },
      range: { sheet: 'Q3', firstRow: 201, lastRow: 260 },
    });
    expect(parseSheetCitation('https://example.com/a.csv#sheet=a.csv&rows=2%E2%80%9361')?.range).toEqual({
      sheet: 'a.csv',
      firstRow: 2,
      lastRow: 61,
    });
  });

  it('leaves ordinary links alone and refuses malformed or smuggling ones', () => {
    for (const href of [
      'https://example.com/q3.xlsx',
      'https://example.com/q3.pdf#page=3',
      'https://example.com/q3.xlsx#sheet=Q3&rows=260-201',
      'https://example.com/q3.xlsx#sheet=Q3&rows=1-2&x=secret',
      'https://u:p@example.com/q3.xlsx#sheet=Q3&rows=1-2',
      'ftp://example.com/q3.xlsx#sheet=Q3&rows=1-2',
      'javascript:alert(1)//#sheet=Q3&rows=1-2',
    ])
      expect(parseSheetCitation(href), href).toBeUndefined();
  });
});

describe('slicing the cited rows', () => {
  const sheet: Sheet = {
    name: 'Q3',
    rows: [['Region', 'Revenue'], ...Array.from({ length: 150 }, (_, i) => [`R${i + 2}`, String((i + 2) * 10)])],
    totalRows: 151,
  };

  it('numbers rows as the text the model read does, with the header, for every slice', () => {
    for (const slice of sliceSheet(sheet)) {
      const view = sliceSheetRows([sheet], { sheet: 'Q3', firstRow: slice.firstRow, lastRow: slice.lastRow })!;
      expect(view.header).toEqual(['Region', 'Revenue']);
      expect(view.rows[0]).toEqual({
        number: slice.firstRow,
        cells: [`R${slice.firstRow}`, String(slice.firstRow * 10)],
      });
      expect(view.rows.at(-1)!.number).toBe(slice.lastRow);
      // The slice's text holds exactly these rows.
      expect(slice.text).toContain(`| R${slice.firstRow} |`);
      expect(slice.text).toContain(`| R${slice.lastRow} |`);
    }
  });

  it('cuts a range to the rows there are, skips the header row, and knows no other sheet', () => {
    const view = sliceSheetRows([sheet], { sheet: 'Q3', firstRow: 1, lastRow: 3 })!;
    expect(view.rows.map((r) => r.number)).toEqual([2, 3]);
    const end = sliceSheetRows([sheet], { sheet: 'Q3', firstRow: 149, lastRow: 400 })!;
    expect([end.firstRow, end.lastRow, end.rows.length, end.totalRows]).toEqual([149, 151, 3, 151]);
    expect(sliceSheetRows([sheet], { sheet: 'Q3', firstRow: 500, lastRow: 600 })!.rows).toEqual([]);
    expect(sliceSheetRows([sheet], { sheet: 'Q4', firstRow: 2, lastRow: 3 })).toBeUndefined();
  });
});
