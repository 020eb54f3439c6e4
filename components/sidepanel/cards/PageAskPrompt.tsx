import type { ToolCardActions, ToolPart } from './card-props';
import { t } from '../../ui/t';
import { SentLine } from '../SentLine';
import { takenDecision } from '../sent-decisions';

/** The page's words on one line: no line breaks of its own, cut to a readable length. */
const oneLine = (text: string, max = 300) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
};

/**
 * A page tool asks the user to interact with the page (WebMCP requestUserInteraction): which site, which tool,
 * the page's description of it as the page's words on one quoted line, and Continue on the page or Decline. The
 * page's callback runs only after Continue. Every page string is text on a line of its own making by Tabwise.
 */
export function PageAskPrompt({ part, actions }: { part: ToolPart; actions?: ToolCardActions }) {
  const ask = part.pageAsk;
  const waits = !!ask && !ask.decision && part.status === 'awaiting-approval';
  const sent = waits ? actions?.sent?.(ask.promptId) : undefined;
  const taken = takenDecision(sent);
  if (!ask) return null;
  if (sent && !taken) return <SentLine sent={sent} />;
  const decision = taken ? (taken === 'denied' ? 'declined' : 'continued') : ask.decision;
  if (!waits || !actions || taken)
    return (
      <div class={`decision page-ask-outcome ${decision === 'continued' ? 'approved' : 'denied'}`}>
        {t(
          decision === 'continued'
            ? 'page_ask_continued'
            : decision === 'declined'
              ? 'page_ask_declined'
              : 'page_ask_ended',
        )}
      </div>
    );
  return (
    <div class="approval pending page-ask" role="group" aria-label={t('page_ask_label')}>
      <div class="preview">
        <div class="preview-line">{t('page_ask_title', oneLine(ask.site, 200), oneLine(ask.tool, 64))}</div>
        {ask.words && <div class="preview-line">{t('page_tool_preview_description', oneLine(ask.words))}</div>}
      </div>
      <div class="actions">
        <button type="button" class="primary" onClick={() => actions.decide(ask.promptId, 'approved')}>
          {t('page_ask_continue')}
        </button>
        <button type="button" onClick={() => actions.decide(ask.promptId, 'denied')}>
          {t('page_ask_decline')}
        </button>
      </div>
    </div>
  );
}
