import type { ToolPart } from './cards/card-props';
import type { ToolCardActions } from './ToolCard';

/**
 * The preview's lines as text, one block each: the first names the action, indented ones are its details
 * (each collapsed to one line where it was made, so page text cannot draw a line of its own here). Lines the
 * card already shows are left out: the tool's bare name (the card's heading says what it does) and the
 * "on <origin>" line (drawn above by the panel).
 */
function PreviewLines({ preview, toolName, origin }: { preview: string; toolName: string; origin?: string }) {
  const lines = preview.split('\n').filter((line, i) => !(i === 0 && line.trim() === toolName) && !(origin && line.trim() === `on ${origin}`));
  return (
    <div class="preview">
      {lines.map((line, i) => (
        <div key={i} class={/^\s/.test(line) ? 'preview-line detail' : 'preview-line'}>
          {line.trim()}
          {'\n'}
        </div>
      ))}
    </div>
  );
}

/** A site as people read it (bank.example, or 127.0.0.1:8080), else what was recorded. */
const hostOf = (origin: string) => URL.parse(origin)?.host || origin;

const decisionText = { denied: 'Denied', always: 'Always allowed on this site', approved: 'Approved' } as const;

/**
 * The approval part of a tool card: where the action lands (drawn by the panel, not part of the preview
 * text, so a page cannot hide it), the data-flow warnings the background raised (text read on another site), the readable preview, then the
 * choice. The raw arguments sit in the card's collapsed raw view.
 */
export function ApprovalCard({ part, actions }: { part: ToolPart; actions?: ToolCardActions }) {
  const approval = part.approval;
  if (!approval) return null;
  const pending = part.status === 'awaiting-approval' && !approval.decision;
  return (
    <div class="approval" role={pending ? 'group' : undefined} aria-label={pending ? `Approve ${part.toolName}` : undefined}>
      {approval.origin && (
        <div class="approval-origin">
          on <strong>{approval.origin}</strong>
        </div>
      )}
      {/* Text the run read on another site, about to be written here: drawn by the panel, one line per field. */}
      {approval.dataFlows && approval.dataFlows.length > 0 && (
        <ul class="approval-flags">
          {approval.dataFlows.map((f) => (
            <li key={`${f.field} ${f.from}`} class="approval-flag approval-flow" role="note">
              <strong>{f.field}</strong>: This text came from <strong>{hostOf(f.from)}</strong>
            </li>
          ))}
        </ul>
      )}
      {pending || !approval.decision ? (
        <PreviewLines preview={approval.preview} toolName={part.toolName} origin={approval.origin} />
      ) : (
        // Decided: the card's own view says what happened; what was asked stays one click away.
        <details class="approval-asked">
          <summary>What you were asked</summary>
          <PreviewLines preview={approval.preview} toolName={part.toolName} origin={approval.origin} />
        </details>
      )}
      {pending && actions ? (
        <div class="actions">
          <button type="button" class="primary" onClick={() => actions.decide(part.toolCallId, 'approved')}>
            Approve
          </button>
          <button type="button" onClick={() => actions.decide(part.toolCallId, 'denied')}>
            Deny
          </button>
          {approval.canAlwaysAllow !== false && (
            <button type="button" onClick={() => actions.decide(part.toolCallId, 'always')}>
              Always allow on this site
            </button>
          )}
        </div>
      ) : (
        approval.decision && <div class={`decision ${approval.decision}`}>{decisionText[approval.decision]}</div>
      )}
    </div>
  );
}
