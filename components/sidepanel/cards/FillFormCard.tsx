import type { CardProps } from './card-props';
import { describeFill } from './describe-fill';

const resultText = { written: 'written', ignored: 'not written', failed: 'failed' } as const;

/** fill_form: each field as old → new, with what the page read back. */
export function FillFormCard({ part, siblings }: CardProps) {
  if (part.status !== 'done') return null;
  const rows = describeFill(part, siblings);
  if (rows.length === 0) return null;
  return (
    <table class="card-table card-fill">
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Change</th>
          <th scope="col">Result</th>
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
              {r.result ? resultText[r.result] : ''}
              {r.note && <span class="card-note">: {r.note}</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
