import type { FillRow } from './describe-fill';
import { groupFillRows } from './describe-fill';
import { t } from '../../ui/t';

const resultText = { written: 'fill_written', ignored: 'fill_not_written', failed: 'fill_failed' } as const;

/**
 * A fill as old → new per field, grouped as the page groups its fields (a fieldset's legend heads its rows).
 * Before the fill runs (the approval) it has no Result column; a key the form does not have says it will not
 * be written.
 */
export function FillTable({ rows, pending = false }: { rows: FillRow[]; pending?: boolean }) {
  const columns = pending ? 2 : 3;
  return (
    <table class={`card-table card-fill${pending ? ' pending' : ''}`}>
      <thead>
        <tr>
          <th scope="col">{t('fill_field')}</th>
          <th scope="col">{t('fill_change')}</th>
          {!pending && <th scope="col">{t('fill_result')}</th>}
        </tr>
      </thead>
      {groupFillRows(rows).map((run, i) => (
        <tbody key={i} class={run.group ? 'fill-group' : undefined}>
          {run.group && (
            <tr class="fill-group-head">
              <th scope="rowgroup" colSpan={columns}>
                {run.group}
              </th>
            </tr>
          )}
          {run.rows.map((r) => (
            <tr key={r.key} data-key={r.key} data-result={r.result}>
              <td>{r.label}</td>
              <td>
                {r.unknown && pending ? (
                  <span class="card-note">{t('fill_not_a_field')}</span>
                ) : (
                  <>
                    {r.before !== undefined && (
                      <>{r.wasEmpty ? <span class="fill-was-empty">{r.before}</span> : <del>{r.before}</del>} → </>
                    )}
                    <ins>{r.after}</ins>
                  </>
                )}
              </td>
              {!pending && (
                <td>
                  {r.result ? t(resultText[r.result]) : ''}
                  {r.note && <span class="card-note">: {r.note}</span>}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      ))}
    </table>
  );
}
