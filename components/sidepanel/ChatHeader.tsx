import type { ChatState } from './chat-state';
import type { createTaskState } from './task-state';
import { t } from '../ui/t';

/** The panel's header: History, Tasks, the conversation's title, New, Settings. */
export function ChatHeader({ state, tasks }: { state: ChatState; tasks: ReturnType<typeof createTaskState> }) {
  return (
    <header>
      <button
        type="button"
        onClick={() => (state.showHistory.value = !state.showHistory.value)}
        aria-expanded={state.showHistory.value}
      >
        {t('panel_history')}
      </button>
      <button
        type="button"
        onClick={() => {
          tasks.showList.value = !tasks.showList.value;
          if (tasks.showList.value) void tasks.load().catch((e: unknown) => console.warn('listing tasks', e));
        }}
        // A toggle (pressed while the list shows): History is the header's one disclosure.
        aria-pressed={tasks.showList.value}
      >
        {t('panel_tasks')}
      </button>
      <span class="conv-title">{state.conversation.value?.title ?? t('panel_new_chat')}</span>
      <button type="button" onClick={() => state.newChat()}>
        {t('panel_new')}
      </button>
      <button type="button" onClick={() => state.openSettings()} aria-label={t('panel_settings')}>
        ⚙
      </button>
    </header>
  );
}
