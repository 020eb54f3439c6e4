import './cards/tool-cards.css';
import type { AccessRefusalKind, RunPart } from '../../lib/core/run-part';
import { toolTitle } from '../ui/tool-title';
import { resultTextOf } from './cards/result-of';
import type { ComponentChildren } from 'preact';
import type { ToolCardActions, ToolPart } from './cards/card-props';
import { fillSlots } from '../ui/fill-slots';
import { t, type MessageKey } from '../ui/t';
import { ApprovalCard, CardBody, CardUndo, DocumentPasswordPrompt } from './lazy-parts';

/** The card's line for each refusal of the access gate: the user's switch, or the organisation's policy. */
const REFUSAL_NOTES = {
  'read-only': 'tool_read_only_note',
  'no-access': 'tool_no_access_note',
  'org-read-only': 'tool_org_read_only_note',
  'org-no-access': 'tool_org_no_access_note',
} as const satisfies Record<AccessRefusalKind, MessageKey>;

const statusText: Record<ToolPart['status'], MessageKey> = {
  running: 'tool_status_running',
  'awaiting-approval': 'tool_status_waiting',
  done: 'tool_status_done',
  error: 'tool_status_failed',
  denied: 'tool_status_denied',
};

const pretty = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));
const duration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

/** What a failed call's result says, cut to a readable length (the whole text is in the raw view). */
const firstLines = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…` : text);

/**
 * A tool call in the chat: what it did, readably (its card from the registry), its approval, and the raw
 * arguments and result behind a disclosure. Everything here is text: nothing in a card is parsed as HTML or
 * Markdown, and nothing loads a resource.
 */
/** `renderNested`: how a sub-agent's parts inside this card are drawn (RunParts passes itself, so the two files need not import each other). */
export function ToolCard({
  part,
  actions,
  siblings = [],
  renderNested,
}: {
  part: ToolPart;
  actions?: ToolCardActions;
  siblings?: RunPart[];
  renderNested?: (parts: RunPart[]) => ComponentChildren;
}) {
  const failed = part.status === 'error' || part.status === 'denied';
  const output = resultTextOf(part);
  return (
    <div class={`tool-card ${part.status}`} data-tool={part.toolName} data-status={part.status}>
      <div class="tool-head">
        <span class="tool-label">{toolTitle(part.toolName)}</span>
        <span class="tool-status">{t(statusText[part.status])}</span>
        {part.durationMs !== undefined && !failed && <span class="tool-duration">{duration(part.durationMs)}</span>}
      </div>
      {part.approval && <ApprovalCard part={part} actions={actions} siblings={siblings} />}
      {part.password && <DocumentPasswordPrompt part={part} actions={actions} />}
      {part.status === 'denied' && <p class="tool-denied">{t('tool_denied_note')}</p>}
      {part.refused && <p class="tool-refused">{t(REFUSAL_NOTES[part.refused])}</p>}
      {part.status === 'error' && output !== undefined && <p class="tool-error">{firstLines(output)}</p>}
      {!failed && <CardBody part={part} siblings={siblings} />}
      {part.undo ? (
        <CardUndo part={part} undo={part.undo} siblings={siblings} />
      ) : (
        part.toolName === 'fill_form' &&
        part.status === 'done' &&
        actions?.undoFill && (
          <button type="button" class="undo" onClick={() => actions.undoFill!(part.toolCallId)}>
            {t('tool_undo_fill')}
          </button>
        )
      )}
      {part.nested && part.nested.length > 0 && (
        <details class="nested" open={part.status === 'running' || part.status === 'awaiting-approval'}>
          <summary>{t('tool_sub_agent')}</summary>
          {renderNested?.(part.nested)}
        </details>
      )}
      {(part.input !== undefined || output !== undefined) && (
        <details class="tool-raw">
          <summary>{fillSlots('tool_raw', <code class="tool-name">{part.toolName}</code>)}</summary>
          {part.input !== undefined && (
            <section>
              <h4>{t('tool_arguments')}</h4>
              <pre class="tool-input">{pretty(part.input)}</pre>
            </section>
          )}
          {output !== undefined && (
            <section>
              <h4>{t('tool_result')}</h4>
              <pre class="tool-output">{output}</pre>
            </section>
          )}
        </details>
      )}
    </div>
  );
}
