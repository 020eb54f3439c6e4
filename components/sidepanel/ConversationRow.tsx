/** One conversation in the history list: open it, rename it in place, export it, delete it (with Undo). */
import { useState } from 'preact/hooks';
import type { ConversationRecord } from '../../lib/storage/records';
import type { HistoryState } from './history-state';
import { t } from '../ui/t';
import { uiLocale } from '../ui/ui-locale';

interface Props {
  conversation: ConversationRecord;
  current: boolean;
  snippet?: string;
  history: HistoryState;
  onOpen: (id: string) => void;
}

export function ConversationRow({ conversation: c, current, snippet, history, onOpen }: Props) {
  const [renaming, setRenaming] = useState(false);
  const title = c.title || 'Untitled';
  if (renaming) {
    return (
      <li class={current ? 'current' : ''}>
        <form
          class="rename"
          onSubmit={(e) => {
            e.preventDefault();
            const input = (e.currentTarget as HTMLFormElement).elements.namedItem('title') as HTMLInputElement;
            setRenaming(false);
            void history.rename(c.id, input.value);
          }}
        >
          <input
            name="title"
            aria-label={t('history_new_name')}
            defaultValue={c.title}
            maxLength={200}
            ref={(el) => el?.focus()}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                setRenaming(false);
              }
            }}
          />
          <button type="submit">{t('common_save')}</button>
          <button type="button" onClick={() => setRenaming(false)}>
            {t('common_cancel')}
          </button>
        </form>
      </li>
    );
  }
  return (
    <li class={current ? 'current' : ''} data-conversation={c.id}>
      <button type="button" class="open" onClick={() => onOpen(c.id)}>
        <span class="title">{title}</span>
        {snippet && <span class="snippet">{snippet}</span>}
        <time>{new Date(c.updatedAt).toLocaleString(uiLocale())}</time>
      </button>
      <div class="row-actions" role="group" aria-label={t('history_actions_for', title)}>
        <button type="button" class="link" onClick={() => setRenaming(true)}>
          {t('history_rename')}
        </button>
        <button type="button" class="link" onClick={() => void history.exportAs(c.id, 'markdown')}>
          {t('history_export_as_md')}
        </button>
        <button type="button" class="link" onClick={() => void history.exportAs(c.id, 'json')}>
          {t('history_export_as_json')}
        </button>
        <button type="button" class="link delete" onClick={() => void history.remove(c.id, title)}>
          {t('common_delete')}
        </button>
      </div>
    </li>
  );
}
