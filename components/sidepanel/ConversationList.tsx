import type { ChatState } from './chat-state';
import { ConversationRow } from './ConversationRow';
import type { HistoryState } from './history-state';

/** Past conversations, searchable by title and content. */
export function ConversationList({ state, history }: { state: ChatState; history: HistoryState }) {
  const hits = history.hits.value;
  const rows = hits ?? state.conversations.value.map((conversation) => ({ conversation, snippet: undefined }));
  return (
    <nav class="history" aria-label="Past conversations">
      <input
        type="search"
        class="history-search"
        aria-label="Search conversations"
        placeholder="Search titles and messages…"
        value={history.query.value}
        onInput={(e) => void history.search((e.target as HTMLInputElement).value)}
      />
      {rows.length === 0 && <p class="empty">{hits ? 'No conversation matches.' : 'No conversations yet.'}</p>}
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
