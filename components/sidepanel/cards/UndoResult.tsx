import type { UndoOutcome } from '../../../lib/core/run-part';
import { describeUndo } from './describe-undo';

/** What the Undo of a fill did, shown where its button was, naming fields by the page's labels. */
export function UndoResult({ undo, labels }: { undo: UndoOutcome; labels?: ReadonlyMap<string, string> }) {
  const d = describeUndo(undo, labels);
  return (
    <div class={`undo-result ${d.ok ? 'ok' : 'failed'}`} role="status">
      <p>{d.headline}</p>
      {d.details.length > 0 && (
        <ul>
          {d.details.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
