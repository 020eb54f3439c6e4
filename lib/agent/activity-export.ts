/**
 * Settings → Activity's exports: CSV (one row a line, for a spreadsheet) and JSON (the lines as stored, for a
 * program). Every CSV cell is escaped against formula injection: a cell a spreadsheet would evaluate (one
 * starting with = + - @, a tab or a carriage return, or their full-width forms) gets a leading apostrophe, so
 * page or model text in a line can never run as a formula when the file is opened.
 */
import type { ActivityLine } from './activity-line';

/** The CSV's columns, in order (stable names: a program reading the file keys on them). */
export const ACTIVITY_CSV_COLUMNS = [
  'id',
  'time',
  'kind',
  'tool',
  'site',
  'conversation_id',
  'conversation_title',
  'run_id',
  'approval',
  'outcome',
  'reason',
  'target',
  'destination',
  'written',
  'page_text_dropped',
] as const;

/** What a spreadsheet takes as the start of a formula (or of a DDE call). */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** One CSV cell: neutralised if it could start a formula, quoted when it holds a quote, comma or line break. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const rowOf = (l: ActivityLine): string[] => [
  l.id,
  new Date(l.at).toISOString(),
  l.kind,
  l.toolName,
  l.site,
  l.conversationId,
  l.conversationTitle ?? '',
  l.runId,
  l.approval,
  l.outcome,
  l.reason ?? '',
  l.target ?? '',
  l.destination ?? '',
  (l.written ?? []).map((w) => `${w.field}: ${w.value}`).join('; '),
  l.pageTextDropped ? 'yes' : '',
];

/** The lines as CSV (RFC 4180, CRLF line ends), a header row first. */
export function activityToCsv(lines: ActivityLine[]): string {
  return [[...ACTIVITY_CSV_COLUMNS], ...lines.map(rowOf)].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** The lines as a versioned JSON document. */
export function activityToJson(lines: ActivityLine[], exportedAt: number): string {
  return JSON.stringify({ format: 'tabwise-activity', version: 1, exportedAt, lines }, null, 2);
}

/** The file's name: the day it was made, so several exports sort and do not overwrite each other. */
export const activityFileName = (at: number, format: 'csv' | 'json') =>
  `tabwise-activity-${new Date(at).toISOString().slice(0, 10)}.${format}`;
