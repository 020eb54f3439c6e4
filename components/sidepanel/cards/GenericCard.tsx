import type { CardProps } from './card-props';
import { describeKeyValues } from './describe-generic';
import { resultOf } from './result-of';
import { isToolFailure, resultText } from '../../../lib/agent/to-model-text';
import { t } from '../../ui/t';

/** Any other tool (a future MCP tool): its arguments and result as key/value lists, as text. */
export function GenericCard({ part }: CardProps) {
  const args = describeKeyValues(part.input);
  const result = part.status === 'done' ? resultOf(part) : undefined;
  const rows = result && !isToolFailure(result) ? describeKeyValues(result.value) : undefined;
  const text = result && !rows ? resultText(result).trim() : '';
  return (
    <div class="card-generic">
      {args && args.length > 0 && <KeyValues rows={args} label={t('tool_arguments')} />}
      {rows && rows.length > 0 && <KeyValues rows={rows} label={t('tool_result')} />}
      {text && <p class="card-text">{text.length > 600 ? `${text.slice(0, 600)}…` : text}</p>}
    </div>
  );
}

function KeyValues({ rows, label }: { rows: { key: string; value: string }[]; label: string }) {
  return (
    <dl class="card-kv" aria-label={label}>
      {rows.map((r) => (
        <div key={r.key}>
          <dt>{r.key}</dt>
          <dd>{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}
