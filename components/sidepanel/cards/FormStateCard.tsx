import type { CardProps } from './card-props';
import { describeFormState } from './describe-form-state';
import { outputOf } from './result-of';
import { formatCount } from '../../options/format-figures';
import { t } from '../../ui/t';

/** get_form_state: the fields the model can see, as a table (secrets masked). */
export function FormStateCard({ part }: CardProps) {
  const state = describeFormState(outputOf(part));
  if (!state) return null;
  return (
    <div class="card-form-state">
      <div class="card-meta">
        {state.buttons.length > 0
          ? t(
              'form_fields_buttons',
              formatCount(state.fields.length, 'field'),
              formatCount(state.buttons.length, 'button'),
            )
          : t('form_fields_only', formatCount(state.fields.length, 'field'))}
      </div>
      {state.fields.length > 0 && (
        <table class="card-table">
          <thead>
            <tr>
              <th scope="col">{t('fill_field')}</th>
              <th scope="col">{t('form_type')}</th>
              <th scope="col">{t('form_value')}</th>
            </tr>
          </thead>
          <tbody>
            {state.fields.map((f) => (
              <tr key={f.key} data-key={f.key}>
                <td>
                  {f.label}
                  {f.required && (
                    <span class={t('form_required')} title={t('form_required')}>
                      {' '}
                      *
                    </span>
                  )}
                </td>
                <td>{f.type}</td>
                <td class={f.masked ? 'masked' : undefined}>{f.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {state.notice && <p class="card-note">{state.notice}</p>}
    </div>
  );
}
