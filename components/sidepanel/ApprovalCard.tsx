import type { ToolPart } from './cards/card-props';
import type { ToolCardActions } from './ToolCard';

/**
 * The preview's lines as text, one block each: the first names the action, indented ones are its details
 * (each collapsed to one line where it was made, so page text cannot draw a line of its own here).
 */
function PreviewLines({ preview }: { preview: string }) {
  return (
    <div class="preview">
      {preview.split('\n').map((line, i) => (
        <div key={i} class={/^\s/.test(line) ? 'preview-line detail' : 'preview-line'}>
          {line.trim()}
          {'\n'}
        </div>
      ))}
    </div>
  );
}

const decisionText = { denied: 'Denied', always: 'Always allowed on this site', approved: 'Approved' } as const;

/**
 * The approval part of a tool card: where the action lands (drawn by the panel, not part of the preview
 * text, so a page cannot hide it), warnings the background raised (`flags`), the readable preview, then the
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
      {approval.flags && approval.flags.length > 0 && (
        <ul class="approval-flags">
          {approval.flags.map((flag, i) => (
            <li key={i} class="approval-flag" role="note">
              {flag}
            </li>
          ))}
        </ul>
      )}
      {pending || !approval.decision ? (
        <PreviewLines preview={approval.preview} />
      ) : (
        // Decided: the card's own view says what happened; what was asked stays one click away.
        <details class="approval-asked">
          <summary>What you were asked</summary>
          <PreviewLines preview={approval.preview} />
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
