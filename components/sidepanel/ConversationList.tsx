import type { ChatState } from './chat-state';

export function ConversationList({ state }: { state: ChatState }) {
  const list = state.conversations.value;
  return (
    <nav class="history" aria-label="Past conversations">
      {list.length === 0 && <p class="empty">No conversations yet.</p>}
      <ul>
        {list.map((c) => (
          <li key={c.id} class={state.conversation.value?.id === c.id ? 'current' : ''}>
            <button type="button" class="open" onClick={() => state.open(c.id)}>
              <span class="title">{c.title || 'Untitled'}</span>
              <time>{new Date(c.updatedAt).toLocaleString()}</time>
            </button>
            <button type="button" class="delete" aria-label={`Delete ${c.title}`} onClick={() => void state.remove(c.id)}>
              ✕
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
