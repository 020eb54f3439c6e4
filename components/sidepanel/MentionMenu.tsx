import './mention-menu.css';
import type { MentionState } from './mention-state';
import { t } from '../ui/t';

/** Id of the menu and of its options, for the message box's aria-controls and aria-activedescendant. */
export const MENTION_MENU_ID = 'mention-menu';
export const mentionOptionId = (tabId: number) => `mention-tab-${tabId}`;

/** The tabs `@` offers: a listbox the message box drives with the arrow keys, Enter and Esc. */
export function MentionMenu({ mentions, onChoose }: { mentions: MentionState; onChoose: (index: number) => void }) {
  if (!mentions.open.value) return null;
  const options = mentions.options.value;
  return (
    <ul class="mention-menu" id={MENTION_MENU_ID} role="listbox" aria-label={t('composer_mention_tab')}>
      {options.length === 0 && (
        <li class="mention-empty" role="option" aria-disabled="true" aria-selected="false">
          {t('composer_no_tab_matches')}
        </li>
      )}
      {options.map((tab, i) => (
        <li
          key={tab.tabId}
          id={mentionOptionId(tab.tabId)}
          role="option"
          aria-selected={i === mentions.active.value}
          class={i === mentions.active.value ? 'mention-option active' : 'mention-option'}
          // mousedown, not click: the message box keeps the focus.
          onMouseDown={(e) => {
            e.preventDefault();
            onChoose(i);
          }}
        >
          <span class="mention-title">{tab.title}</span>
          {tab.host && <span class="mention-host">{tab.host}</span>}
        </li>
      ))}
    </ul>
  );
}
