import type { ChatState } from './chat-state';
import type { createTaskState } from './task-state';
import { lastAnswerWithPassages, type TeamShareState } from './team-share-state';
import { TeamShareMenu } from './TeamShare';
import { t } from '../ui/t';

/** The panel's header: History, Tasks, the conversation's title, Share to team (signed in only), New, Settings. */
export function ChatHeader({
  state,
  tasks,
  share,
}: {
  state: ChatState;
  tasks: ReturnType<typeof createTaskState>;
  share: TeamShareState;
}) {
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
      <TeamShareMenu
        share={share}
        tab={state.page.tab.value}
        attachments={state.messages.value.flatMap((m) => m.attachments ?? [])}
        answerId={lastAnswerWithPassages(state.messages.value)}
      />
      <button type="button" onClick={() => state.newChat()}>
        {t('panel_new')}
      </button>
      <button type="button" onClick={() => state.openSettings()} aria-label={t('panel_settings')}>
        ⚙
      </button>
    </header>
  );
}
