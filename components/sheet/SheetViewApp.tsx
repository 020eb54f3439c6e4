/**
 * The reader page's table: the header row, then the cited rows with their 1-based numbers. Every cell is text
 * (Preact escapes it): a formula shows the value the file stores, and a link in a cell is never a link.
 */
import { useEffect, useState } from 'preact/hooks';
import { formatInteger } from '../../lib/util/format-integer';
import type { SheetViewResult } from './load-sheet-view';
import { t } from '../ui/t';

export function SheetViewApp({ load }: { load: () => Promise<SheetViewResult> }) {
  const [result, setResult] = useState<SheetViewResult | null>(null);
  useEffect(() => {
    void load().then(setResult);
  }, [load]);
  if (!result)
    return (
      <main class="sheet-view">
        <p aria-busy="true">{t('sheet_view_loading')}</p>
      </main>
    );
  if (result.status === 'error')
    return (
      <main class="sheet-view">
        <p role="alert" class="sheet-view-error">
          {result.message}
        </p>
      </main>
    );
  const { view } = result;
  const columns = Array.from({ length: view.width }, (_, i) => i);
  return (
    <main class="sheet-view">
      <h1>
        {t(
          'sheet_view_heading',
          result.file,
          view.sheet,
          formatInteger(view.firstRow),
          formatInteger(view.lastRow),
          formatInteger(view.totalRows),
        )}
      </h1>
      <p class="sheet-view-note">{t('sheet_view_note')}</p>
      {view.rows.length === 0 && <p role="status">{t('sheet_view_no_rows')}</p>}
      <div class="sheet-view-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col" class="sheet-row-number">
                {t('sheet_view_row')}
              </th>
              {columns.map((i) => (
                <th scope="col" key={i}>
                  {view.header[i] ?? ''}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {view.rows.map((row) => (
              <tr key={row.number} data-row={row.number}>
                <th scope="row" class="sheet-row-number">
                  {row.number}
                </th>
                {columns.map((i) => (
                  <td key={i}>{row.cells[i] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </main>
  );
}
