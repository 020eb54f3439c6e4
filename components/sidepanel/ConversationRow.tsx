/** One conversation in the history list: open it, rename it in place, export it, delete it (with Undo). */
import { useState } from 'preact/hooks';
import type { ConversationRecord } from '../../lib/storage/records';
import type { HistoryState } from './history-state';

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
            aria-label="New name"
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
          <button type="submit">Save</button>
          <button type="button" onClick={() => setRenaming(false)}>
            Cancel
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
        <time>{new Date(c.updatedAt).toLocaleString()}</time>
      </button>
      <div class="row-actions" role="group" aria-label={`Actions for ${title}`}>
        <button type="button" class="link" onClick={() => setRenaming(true)}>
          Rename
        </button>
        <button type="button" class="link" aria-label={`Export ${title} as Markdown`} onClick={() => void history.exportAs(c.id, 'markdown')}>
          .md
        </button>
        <button type="button" class="link" aria-label={`Export ${title} as JSON`} onClick={() => void history.exportAs(c.id, 'json')}>
          .json
        </button>
        <button type="button" class="delete" aria-label={`Delete ${title}`} onClick={() => void history.remove(c.id, title)}>
          ✕
        </button>
      </div>
    </li>
  );
}
