import { useRef } from 'preact/hooks';
import type { RunPart } from '../../lib/core/run-part';
import type { ToolPart } from './cards/card-props';
import type { ToolCardActions } from './cards/card-props';
import { takenDecision } from './sent-decisions';
import { SentLine } from './SentLine';
import { describeFill, formBefore, pageDisowns } from './cards/describe-fill';
import { FillTable } from './cards/FillTable';
import { usePendingApproval } from './use-pending-approval';
import { AskUserPrompt, PasswordPrompt } from './cards/HandoverPrompts';
import { handoverDecisionText } from './cards/handover-decision-text';
import { toolTitle } from '../ui/tool-title';
import { fillSlots } from '../ui/fill-slots';
import { t } from '../ui/t';

/**
 * The preview's lines as text, one block each: the first names the action, indented ones are its details
 * (each collapsed to one line where it was made, so page text cannot draw a line of its own here). Lines the
 * card already shows are left out: the tool's bare name (the card's heading says what it does) and the
 * "on <origin>" line (drawn above by the panel).
 */
function PreviewLines({ preview, toolName, origin }: { preview: string; toolName: string; origin?: string }) {
  // The "on <origin>" line is written by lib/tools in the user's language, with the same message.
  const originLine = origin && t('preview_on', origin);
  const lines = preview
    .split('\n')
    .filter((line, i) => !(i === 0 && line.trim() === toolName) && !(originLine && line.trim() === originLine));
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
/** Where flagged text came from: a site, or a tool whose output has no one site (`tool:list_tabs`). */
const sourceOf = (from: string) => (from.startsWith('tool:') ? t('approval_flow_tool', from.slice(5)) : hostOf(from));

const decisionText = { denied: 'approval_denied', always: 'approval_always', approved: 'approval_approved' } as const;

/**
 * The approval part of a tool card: where the action lands (drawn by the panel, not part of the preview
 * text, so a page cannot hide it), the data-flow warnings the background raised (text read on another site), the readable preview, then the
 * choice. A fill shows the same old → new table its card shows once it ran, from the form the run read; its
 * preview text (which names the fields' keys) stays behind a disclosure. The raw arguments sit in the card's
 * collapsed raw view. A new pending card is scrolled to and focused: Enter approves, Escape denies.
 */
export function ApprovalCard({
  part,
  actions,
  siblings = [],
}: {
  part: ToolPart;
  actions?: ToolCardActions;
  siblings?: RunPart[];
}) {
  const approval = part.approval;
  // A decision sent from here: the card says it is on its way until acknowledged, then what became of it.
  const sent = actions?.sent?.(part.toolCallId);
  const decision = approval?.decision ?? takenDecision(sent);
  const pending = part.status === 'awaiting-approval' && !decision && !sent;
  const ref = useRef<HTMLDivElement>(null);
  const plainChoice = pending && actions && part.toolName !== 'fill_password' && part.toolName !== 'ask_user';
  const onKeyDown = usePendingApproval(
    ref,
    pending,
    plainChoice
      ? {
          approve: () => actions.decide(part.toolCallId, 'approved'),
          deny: () => actions.decide(part.toolCallId, 'denied'),
        }
      : undefined,
  );
  if (!approval) return null;
  // A fill waiting for approval: the table, when the run read the form it fills and nothing else changed the
  // page since (else the preview's lines, which the worker read from the page just now).
  const form = pending && part.toolName === 'fill_form' ? formBefore(part, siblings) : undefined;
  const fillRows =
    form && form.current && form.fields.size > 0 && !pageDisowns(approval?.preview ?? '', part.input, form.fields)
      ? describeFill(part, siblings)
      : [];
  // Where the call can send the page (a link, a form's action), when that is another site than the page's.
  const elsewhere = approval.destination && approval.origin ? URL.parse(approval.destination)?.origin : undefined;
  const leaves = elsewhere && elsewhere !== 'null' && elsewhere !== approval.origin ? elsewhere : undefined;
  return (
    <div
      ref={ref}
      class={pending ? 'approval pending' : 'approval'}
      role={pending ? 'group' : undefined}
      aria-label={pending ? t('approval_label', toolTitle(part.toolName)) : undefined}
      tabIndex={plainChoice ? -1 : undefined}
      onKeyDown={plainChoice ? onKeyDown : undefined}
    >
      {approval.origin && (
        <div class="approval-origin">{fillSlots('approval_on', <strong>{approval.origin}</strong>)}</div>
      )}
      {/* Text the run read on another site, about to be written here: drawn by the panel, one line per field. */}
      {((approval.dataFlows && approval.dataFlows.length > 0) || leaves) && (
        <ul class="approval-flags">
          {/* Drawn by the panel from the destination the page answered, so a page's text cannot hide it. */}
          {leaves && (
            <li class="approval-flag approval-elsewhere" role="note">
              {fillSlots('approval_elsewhere', <strong>{hostOf(leaves)}</strong>)}
            </li>
          )}
          {approval.dataFlows?.map((f) => (
            <li key={`${f.field} ${f.from}`} class="approval-flag approval-flow" role="note">
              {fillSlots('approval_flow', <strong>{f.field}</strong>, <strong>{sourceOf(f.from)}</strong>)}
            </li>
          ))}
        </ul>
      )}
      {fillRows.length > 0 ? (
        <>
          <FillTable rows={fillRows} pending />
          <details class="approval-asked">
            <summary>{t('approval_as_text')}</summary>
            <PreviewLines preview={approval.preview} toolName={part.toolName} origin={approval.origin} />
          </details>
        </>
      ) : pending || !decision ? (
        <PreviewLines preview={approval.preview} toolName={part.toolName} origin={approval.origin} />
      ) : (
        // Decided: the card's own view says what happened; what was asked stays one click away.
        <details class="approval-asked">
          <summary>{t('approval_asked')}</summary>
          <PreviewLines preview={approval.preview} toolName={part.toolName} origin={approval.origin} />
        </details>
      )}
      {pending && actions && part.toolName === 'fill_password' ? (
        <PasswordPrompt toolCallId={part.toolCallId} actions={actions} />
      ) : pending && actions && part.toolName === 'ask_user' ? (
        <AskUserPrompt toolCallId={part.toolCallId} actions={actions} />
      ) : plainChoice ? (
        <div class="actions" aria-keyshortcuts="Enter Escape">
          <button type="button" class="primary" onClick={() => actions.decide(part.toolCallId, 'approved')}>
            {t('approval_approve')}
          </button>
          <button type="button" onClick={() => actions.decide(part.toolCallId, 'denied')}>
            {t('approval_deny')}
          </button>
          {approval.canAlwaysAllow !== false && (
            <button type="button" onClick={() => actions.decide(part.toolCallId, 'always')}>
              {t('approval_always_button')}
            </button>
          )}
        </div>
      ) : decision ? (
        <>
          <div class={`decision ${decision}`}>
            {handoverDecisionText(part.toolName, decision) ?? t(decisionText[decision])}
          </div>
          {sent?.outcome?.outcome === 'decided-otherwise' && !approval.decision && (
            <p class="decision-note" role="status">
              {t('approval_decided_otherwise')}
            </p>
          )}
        </>
      ) : (
        sent && <SentLine sent={sent} />
      )}
    </div>
  );
}
