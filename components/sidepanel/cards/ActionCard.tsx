import type { CardProps } from './card-props';
import { describeAction } from './describe-action';
import { GenericCard } from './GenericCard';

/** click and submit_form: what was pressed or sent, and what the page said was wrong with the form. */
export function ActionCard(props: CardProps) {
  const d = describeAction(props.part);
  if (!d) return <GenericCard {...props} />;
  return (
    <div class="card-summary">
      <p class="card-line">{d.line}</p>
      {d.invalid.length > 0 && (
        <ul class="card-invalid">
          {d.invalid.map((i) => (
            <li key={i.key}>
              {i.key}: {i.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
