/**
 * CSV to a sheet with papaparse, bounded: it stops at `maxRows` (counting on to report the total only while the
 * bytes allow) and reads cells as text; a cell such as `=WEBSERVICE(...)` stays the text it is.
 */
import Papa from 'papaparse';
import type { Sheet } from './sheet-to-text';

export function readCsv(text: string, name: string, maxRows: number, signal?: AbortSignal): Sheet {
  const rows: string[][] = [];
  let totalRows = 0;
  Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    step: (result, parser) => {
      if (signal?.aborted) return parser.abort();
      totalRows++;
      if (rows.length < maxRows) rows.push(result.data.map((v) => String(v)));
    },
  });
  signal?.throwIfAborted();
  return { name, rows, totalRows };
}
