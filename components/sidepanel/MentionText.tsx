import './mention-pill.css';
import { splitMentions, type MessageMention } from '../../lib/core/message-mention';

/**
 * A sent message with its @-mentioned tabs as pills where the user put them. A title is page text: it is
 * rendered as text, shortened to fit, in full in its tooltip.
 */
export function MentionText({ text, mentions }: { text: string; mentions: readonly MessageMention[] | undefined }) {
  if (!mentions?.length) return <>{text}</>;
  return (
    <>
      {splitMentions(text, mentions).map((s, i) =>
        'text' in s ? (
          s.text
        ) : (
          <span key={i} class="mention-pill" title={s.mention.title} data-tab-id={s.mention.tabId}>
            <span class="mention-pill-label">@{s.mention.title}</span>
          </span>
        ),
      )}
    </>
  );
}
