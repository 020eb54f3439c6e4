import type { ChatState } from './chat-state';
import { ConversationRow } from './ConversationRow';
import type { HistoryState } from './history-state';
import { groupByDay } from './group-by-day';
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
      {/* Search results stay in their order of relevance; the full list is grouped by day. */}
      {(hits ? [{ label: undefined, items: rows }] : groupByDay(rows, (r) => r.conversation.updatedAt, Date.now())).map(
        (group) => (
          <section key={group.label ?? 'hits'} aria-label={group.label && t(group.label)}>
            {group.label && <h2 class="day">{t(group.label)}</h2>}
            <ul>
              {group.items.map(({ conversation, snippet }) => (
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
          </section>
        ),
      )}
    </nav>
  );
}
