import { Fragment } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ChatState } from './chat-state';
import { Composer } from './Composer';
import { ConversationList } from './ConversationList';
import { MessageItem } from './MessageItem';
import { PageChips } from './PageChips';
import { UnreadablePage } from './UnreadablePage';
import { MessageActions, type MessageActionHandlers } from './MessageActions';
import { MessageEditor } from './MessageEditor';
import { QueuedMessages } from './QueuedMessages';
import { createHistoryState } from './history-state';
import { UndoToast } from './UndoToast';
import { ModelSwitcher } from './ModelSwitcher';
import { UsageLine } from './UsageLine';
import { describeAnswerUsage, describeConversationUsage } from '../ui/describe-usage';
import { useEscapeToStop } from './use-escape-to-stop';
import { useFollowLog } from './use-follow-log';
import { decisionWaiting, lastSentKey } from './follow-keys';
import { LinkEgressContext } from './link-egress-context';
import { FolderPermission, ModelSawDialog, TaskForm, TaskList, preloadLazyParts } from './lazy-parts';
import './chat-extras.css';
import { t } from '../ui/t';
import type { createTaskState } from './task-state';
import { ChatHeader } from './ChatHeader';
import { TeamShareCard } from './TeamShare';
import { createTeamShareState } from './team-share-state';
import { ChatWelcome } from './ChatWelcome';
import { useModelSwitcher, useTasks } from './use-chat-app-state';
import { suggestTaskName } from '../../lib/core/task-text';

function RetryBanner({ state }: { state: ChatState }) {
  const r = state.retrying.value;
  if (!r) return null;
  const why = r.status === 429 ? t('panel_retry_rate_limited') : t('panel_retry_status', r.status);
  return (
    <div class="retry-banner" role="status">
      {Number.isFinite(r.delayMs)
        ? t('panel_retrying_in', why, Math.max(1, Math.round(r.delayMs / 1000)), r.attempt)
        : t('panel_retrying', why, r.attempt)}
    </div>
  );
}

/** "Save as task" for a sent message: its text, the page in front and the conversation's model, prefilled. */
function SaveAsTask(props: {
  state: ChatState;
  tasks: ReturnType<typeof createTaskState>;
  messageId: string;
  onDone(): void;
}) {
  const { state, tasks, messageId, onDone } = props;
  const message = state.messages.value.find((m) => m.id === messageId);
  if (!message) return null;
  const model = state.conversation.value?.model ?? state.modelForNewChat.value ?? undefined;
  const provider = model && state.providers.value.find((p) => p.id === model.providerId);
  return (
    <TaskForm
      title={t('task_form_title')}
      draft={{
        name: suggestTaskName(message.text),
        instruction: message.text,
        startUrl: /^https?:/.test(state.page.tab.value?.url ?? '') ? state.page.tab.value!.url : '',
        ...(model ? { model } : {}),
      }}
      {...(model ? { modelLabel: provider ? `${provider.name} · ${model.modelId}` : model.modelId } : {})}
      onCancel={onDone}
      onSave={async (fields) => {
        try {
          await tasks.save(fields);
          state.notice.value = t('task_saved', fields.name);
          onDone();
          return null;
        } catch (e) {
          return e instanceof Error ? e.message : String(e);
        }
      }}
    />
  );
}

export function ChatApp({ state }: { state: ChatState }) {
  const log = useRef<HTMLDivElement>(null);
  const messages = state.messages.value;
  const waiting = decisionWaiting(messages);
  const follow = useFollowLog(log, lastSentKey(messages, state.queued.value));
  const [inspecting, setInspecting] = useState<string | null>(null);
  useEscapeToStop(state);
  // After the first paint: the code of the parts a run may show at any moment (an approval).
  useEffect(preloadLazyParts, []);
  const history = useMemo(() => createHistoryState(state), [state]);
  const switcher = useModelSwitcher(state);
  const [editing, setEditing] = useState<string | null>(null);
  const { tasks, openConversation } = useTasks(state);
  const [savingTask, setSavingTask] = useState<string | null>(null);
  const share = useMemo(() => createTeamShareState(() => state.conversation.value?.id), [state]);
  useEffect(() => {
    void share.load();
    // Signing in happens in Settings: coming back to the panel asks again.
    const again = () => document.visibilityState === 'visible' && void share.load();
    document.addEventListener('visibilitychange', again);
    return () => document.removeEventListener('visibilitychange', again);
  }, [share]);
  const running = state.running.value;
  const messageActions: MessageActionHandlers = {
    copy: (text) => state.copy(text),
    regenerate: () => void state.regenerate(),
    continueAnswer: () => void state.continueAnswer(),
    showVersion: (id, index) => state.showVersion(id, index),
    startEdit: setEditing,
    saveAsTask: setSavingTask,
    remove: (id) => state.deleteMessage(id),
  };
  return (
    <LinkEgressContext.Provider value={state.checkLinkEgress}>
      <div class="chat-app">
        <ChatHeader state={state} tasks={tasks} share={share} />
        <TeamShareCard share={share} />
        {state.showHistory.value && <ConversationList state={state} history={history} />}
        {tasks.showList.value && <TaskList tasks={tasks} onOpen={openConversation} />}
        {savingTask && (
          <SaveAsTask state={state} tasks={tasks} messageId={savingTask} onDone={() => setSavingTask(null)} />
        )}
        {/* Heard by screen readers when a card starts waiting for the user (the log's own updates are many). */}
        <div class="sr-only" role="status">
          {waiting ? t(waiting.keys ? 'approval_waiting_announce' : 'approval_waiting_typed', waiting.title) : ''}
        </div>
        <div class="log-wrap">
          {/* Focusable, so the keyboard scrolls it (PageUp/PageDown, arrows) like any document. */}
          <div class="log" ref={log} aria-live="polite" role="log" aria-label={t('panel_messages')} tabIndex={0}>
            {messages.length === 0 && <ChatWelcome state={state} />}
            {messages.map((m, i) =>
              editing === m.id ? (
                <MessageEditor
                  key={m.id}
                  text={m.text}
                  onCancel={() => setEditing(null)}
                  onSave={(text) => {
                    setEditing(null);
                    void state.edit(m.id, text);
                  }}
                />
              ) : (
                <Fragment key={m.id}>
                  <MessageItem
                    message={m}
                    isLast={i === messages.length - 1}
                    onRetry={() => void state.retry()}
                    onSettings={() => state.openSettings()}
                    onInspect={setInspecting}
                    actions={
                      m.runId
                        ? {
                            decide: (toolCallId, decision, typed) => {
                              state.decide(m.runId!, toolCallId, decision, typed);
                              // What the run does next is written below the card: follow it.
                              follow.toBottom();
                            },
                            sent: (id) => state.sentDecision(m.runId!, id),
                            stop: () => state.stop(),
                            undoFill: (toolCallId) => void state.undoFill(m.runId!, toolCallId),
                          }
                        : undefined
                    }
                  />
                  {m.role === 'assistant' && m.status !== 'streaming' && (
                    <UsageLine usage={describeAnswerUsage(m)} label={t('panel_answer_usage')} />
                  )}
                  {/* The panel's own buttons, outside the message (and its sanitised Markdown). */}
                  <MessageActions message={m} isLast={i === messages.length - 1} busy={running} on={messageActions} />
                </Fragment>
              ),
            )}
            <QueuedMessages messages={state.queued.value} />
            <RetryBanner state={state} />
          </div>
          {/* Not while a card waits: its own buttons hold the bottom of the view, and it is the latest. */}
          {follow.away && !waiting && (
            <button type="button" class="jump-latest" onClick={follow.toBottom}>
              {t('panel_jump_latest')} <span aria-hidden="true">↓</span>
            </button>
          )}
        </div>
        {inspecting && <ModelSawDialog load={() => state.inspect(inspecting)} onClose={() => setInspecting(null)} />}
        <UndoToast history={history} />
        {state.notice.value && (
          <div class="notice" role="status">
            {state.notice.value}
          </div>
        )}
        <footer>
          <UsageLine usage={describeConversationUsage(messages)} label={t('panel_conversation_usage')} />
          <ModelSwitcher switcher={switcher} />
          <FolderPermission checkAfter={running} />
          <UnreadablePage page={state.page} />
          <PageChips page={state.page} />
          {state.readOnly.value && (
            <p class="read-only-note" role="note">
              {t('panel_read_only')}
            </p>
          )}
          <Composer state={state} tasks={tasks} />
        </footer>
      </div>
    </LinkEgressContext.Provider>
  );
}
