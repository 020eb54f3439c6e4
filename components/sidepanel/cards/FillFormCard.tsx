import type { CardProps } from './card-props';
import { describeFill } from './describe-fill';
import { t } from '../../ui/t';

const resultText = { written: 'fill_written', ignored: 'fill_not_written', failed: 'fill_failed' } as const;

/** fill_form: each field as old → new, with what the page read back. */
export function FillFormCard({ part, siblings }: CardProps) {
  if (part.status !== 'done') return null;
  const rows = describeFill(part, siblings);
  if (rows.length === 0) return null;
  return (
    <table class="card-table card-fill">
      <thead>
        <tr>
          <th scope="col">{t('fill_field')}</th>
          <th scope="col">{t('fill_change')}</th>
          <th scope="col">{t('fill_result')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} data-key={r.key} data-result={r.result}>
            <td>{r.label}</td>
            <td>
              {r.before !== undefined && (
                <>
                  <del>{r.before}</del> →{' '}
                </>
              )}
              <ins>{r.after}</ins>
            </td>
            <td>
              {r.result ? t(resultText[r.result]) : ''}
              {r.note && <span class="card-note">: {r.note}</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
