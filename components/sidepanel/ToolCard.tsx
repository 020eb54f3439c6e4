import type { RunPart } from '../../lib/agent/run-view';
import { RunParts } from './RunParts';

type ToolPart = Extract<RunPart, { kind: 'tool' }>;

export interface ToolCardActions {
  decide(toolCallId: string, decision: 'approved' | 'denied' | 'always'): void;
  undoFill?(toolCallId: string): void;
}

const statusText: Record<ToolPart['status'], string> = {
  running: 'running…',
  'awaiting-approval': 'waiting for you',
  done: 'done',
  error: 'failed',
};

/** A site as people read it (bank.example, or 127.0.0.1:8080), else what was recorded. */
const hostOf = (origin: string) => URL.parse(origin)?.host || origin;

const pretty = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/** A tool call in the chat: collapsed to name, status and duration; arguments and result on demand. */
export function ToolCard({ part, actions }: { part: ToolPart; actions?: ToolCardActions }) {
  const pending = part.status === 'awaiting-approval' && !part.approval?.decision;
  return (
    <div class={`tool-card ${part.status}`} data-tool={part.toolName} data-status={part.status}>
      <details open={pending}>
        <summary>
          <span class="tool-name">{part.toolName}</span>
          <span class="tool-status">{statusText[part.status]}</span>
          {part.durationMs !== undefined && <span class="tool-duration">{part.durationMs < 1000 ? `${part.durationMs} ms` : `${(part.durationMs / 1000).toFixed(1)} s`}</span>}
        </summary>
        {part.input !== undefined && (
          <section>
            <h4>Arguments</h4>
            <pre class="tool-input">{pretty(part.input)}</pre>
          </section>
        )}
        {part.output !== undefined && (
          <section>
            <h4>Result</h4>
            <pre class="tool-output">{part.output}</pre>
          </section>
        )}
        {part.nested && part.nested.length > 0 && (
          <section class="nested">
            <h4>Sub-agent</h4>
            <RunParts parts={part.nested} />
          </section>
        )}
      </details>
      {part.approval && (
        <div class="approval" role={pending ? 'group' : undefined} aria-label={pending ? `Approve ${part.toolName}` : undefined}>
          {/* Where the action lands, drawn by the panel (not part of the preview text), so a page cannot hide it. */}
          {part.approval.origin && <div class="approval-origin">on <strong>{part.approval.origin}</strong></div>}
          {/* Text the run read on another site, about to be written here: drawn by the panel, one line per field. */}
          {part.approval.dataFlows?.map((f) => (
            <div class="approval-flow" key={`${f.field} ${f.from}`}>
              <strong>{f.field}</strong>: This text came from <strong>{hostOf(f.from)}</strong>
            </div>
          ))}
          <pre class="preview">{part.approval.preview}</pre>
          {pending && actions ? (
            <div class="actions">
              <button type="button" class="primary" onClick={() => actions.decide(part.toolCallId, 'approved')}>
                Approve
              </button>
              <button type="button" onClick={() => actions.decide(part.toolCallId, 'denied')}>
                Deny
              </button>
              {part.approval.canAlwaysAllow !== false && (
                <button type="button" onClick={() => actions.decide(part.toolCallId, 'always')}>
                  Always allow on this site
                </button>
              )}
            </div>
          ) : (
            part.approval.decision && <div class="decision">{part.approval.decision === 'denied' ? 'Denied' : part.approval.decision === 'always' ? 'Always allowed on this site' : 'Approved'}</div>
          )}
        </div>
      )}
      {part.toolName === 'fill_form' && part.status === 'done' && actions?.undoFill && (
        <button type="button" class="undo" onClick={() => actions.undoFill!(part.toolCallId)}>
          Undo this fill
        </button>
      )}
    </div>
  );
}
