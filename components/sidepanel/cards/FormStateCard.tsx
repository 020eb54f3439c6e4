import type { CardProps } from './card-props';
import { describeFormState } from './describe-form-state';
import { readToolOutput } from './read-tool-output';

/** get_form_state: the fields the model can see, as a table (secrets masked). */
export function FormStateCard({ part }: CardProps) {
  const state = part.output === undefined ? undefined : describeFormState(readToolOutput(part.output));
  if (!state) return null;
  return (
    <div class="card-form-state">
      <div class="card-meta">
        {state.fields.length} field{state.fields.length === 1 ? '' : 's'}
        {state.buttons.length > 0 && `, ${state.buttons.length} button${state.buttons.length === 1 ? '' : 's'}`} (page content)
      </div>
      {state.fields.length > 0 && (
        <table class="card-table">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Type</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {state.fields.map((f) => (
              <tr key={f.key} data-key={f.key}>
                <td>
                  {f.label}
                  {f.required && <span class="required" title="required"> *</span>}
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
