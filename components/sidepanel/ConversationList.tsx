import type { ChatState } from './chat-state';
import { ConversationRow } from './ConversationRow';
import type { HistoryState } from './history-state';
import { t } from '../ui/t';

/** Past conversations, searchable by title and content. */
export function ConversationList({ state, history }: { state: ChatState; history: HistoryState }) {
  const hits = history.hits.value;
  const rows = hits ?? state.conversations.value.map((conversation) => ({ conversation, snippet: undefined }));
  return (
    <nav class="history" aria-label={t('history_label')}>
      <input
        type="search"
        class="history-search"
        aria-label={t('history_search')}
        placeholder={t('history_search_placeholder')}
        value={history.query.value}
        onInput={(e) => void history.search((e.target as HTMLInputElement).value)}
      />
      {rows.length === 0 && <p class="empty">{hits ? t('history_no_match') : t('history_none')}</p>}
      <ul>
        {rows.map(({ conversation, snippet }) => (
          <ConversationRow
            key={conversation.id}
            conversation={conversation}
            snippet={snippet}
            current={state.conversation.value?.id === conversation.id}
            history={history}
            onOpen={(id) => state.open(id)}
          />
        ))}
      </ul>
    </nav>
  );
}
