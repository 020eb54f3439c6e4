import type { MentionState } from './mention-state';
import { t } from '../ui/t';

/** The tabs mentioned in the message being written; ✕ takes one out. */
export function MentionChips({ mentions }: { mentions: MentionState }) {
  const chosen = mentions.chosen.value;
  if (!chosen.length) return null;
  return (
    <div class="chips mention-chips" aria-label={t('composer_mentioned_tabs')}>
      {chosen.map((tab) => (
        <span class="chip" key={tab.tabId} title={tab.host}>
          <span class="chip-label">@{tab.title}</span>
          <button
            type="button"
            aria-label={t('composer_remove_mention', tab.title)}
            onClick={() => mentions.remove(tab.tabId)}
          >
            ✕
          </button>
        </span>
      ))}
    </div>
  );
}
