import './mention-pill.css';
import type { RefObject } from 'preact';
import { filesToSend } from './files-to-send';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { composeMessage } from '../../lib/core/message-mention';
import type { ChatState } from './chat-state';
import {
  insertPill,
  isPill,
  mentionBeforeCaret,
  mentionTitleOf,
  pillAtCaret,
  pillsIn,
  readDraft,
  removePill,
  writeDraft,
} from './composer-box';
import { McpAttach } from './McpAttach';
import type { AttachmentState } from './attachment-state';
import type { ComposerFiles } from './ComposerFiles';
import { createMentionState, type MentionState } from './mention-state';
import { MENTION_MENU_ID, MentionMenu, mentionOptionId } from './MentionMenu';
import { usePendingDraft } from './pending-draft';
import { t } from '../ui/t';
import { taskCommandAt, taskCommandOf } from '../../lib/core/task-text';
import type { TaskState } from './task-state';
import { TASK_MENU_ID, TaskMenu, taskMenuKey, taskOptionId } from './TaskMenu';
import { TaskFillForm } from './TaskFillForm';

/**
 * The message box's keys: the menu's arrows, Enter or Tab and Esc while it is open; Backspace or Delete take a
 * pill out whole; Enter sends (Shift+Enter is a new line).
 */
function keys(on: {
  mentions: MentionState;
  choose(index: number): void;
  remove(pill: HTMLElement): void;
  submit(): Promise<void>;
}) {
  const { mentions } = on;
  return (e: KeyboardEvent & { currentTarget: HTMLElement }) => {
    if (mentions.open.value) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        mentions.move(e.key === 'ArrowDown' ? 1 : -1);
        return;
      }
      if ((e.key === 'Enter' || e.key === 'Tab') && !e.shiftKey && mentions.options.value.length) {
        e.preventDefault();
        on.choose(mentions.active.value);
        return;
      }
      if (e.key === 'Escape') {
        // Closes the menu only: Esc must not also stop a run or close the panel.
        e.preventDefault();
        e.stopPropagation();
        mentions.close();
        return;
      }
    }
    if ((e.key === 'Backspace' || e.key === 'Delete') && !e.isComposing) {
      const pill = pillAtCaret(e.currentTarget, e.key === 'Backspace');
      if (pill) {
        e.preventDefault();
        on.remove(pill);
      }
      return;
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      void on.submit();
    }
  };
}

/** What the file picker offers (the bytes decide what a file is; a file of another kind gets a message). */
const ATTACHABLE =
  '.pdf,.docx,.xlsx,.csv,.txt,.md,.markdown,.html,.htm,.json,.png,.jpg,.jpeg,.webp,.gif,application/pdf,text/*,image/png,image/jpeg,image/webp,image/gif';

/**
 * The attached files: their code loads with the first file (the startup bundle carries only the button). `attach`
 * takes files from the button, a drop or a paste, for the conversation shown (or the model chosen for a new one).
 */
function useAttachedFiles(state: ChatState) {
  const files = useRef<{ state: AttachmentState; View: typeof ComposerFiles } | null>(null);
  const loadingFiles = useRef<Promise<unknown> | null>(null);
  /** Every file attached so far, read (or failed, or locked). */
  const adding = useRef<Promise<unknown>>(Promise.resolve());
  const [, showFiles] = useState(false);
  const attach = (list: FileList | null | undefined) => {
    const picked = [...(list ?? [])];
    if (picked.length === 0) return;
    const conversationId = state.conversation.value?.id;
    const model = state.modelForNewChat.value;
    const target = conversationId ? { conversationId } : model ? { model } : {};
    loadingFiles.current ??= import('./ComposerFiles').then((m) => {
      files.current = { state: m.createAttachmentState(), View: m.ComposerFiles };
      showFiles(true);
    });
    const added = loadingFiles.current.then(() => files.current?.state.add(picked, target));
    adding.current = Promise.all([adding.current, added]);
  };
  /** Resolves once the files attached so far are read: true if the message can go now, false if one waits for its password. */
  const whenRead = async (): Promise<boolean> => {
    await adding.current;
    return !files.current?.state.chips.value.some((c) => c.status === 'locked' || c.status === 'reading');
  };
  /** The ids to send, or undefined while a file is being read or its code is still loading (the message waits). */
  const forSend = (running: boolean): string[] | undefined =>
    filesToSend(running, { loading: !!loadingFiles.current, state: files.current?.state });
  return { files: files.current, attach, forSend, whenRead, clear: () => files.current?.state.clear() };
}

/** The `/name` a box holding only text starts with (and nothing after it yet), for the `/` menu. */
function taskCommandIn(el: HTMLElement) {
  const text = el.textContent ?? '';
  return el.querySelector('.mention-pill') ? undefined : taskCommandAt(text, text.length);
}

/** The box's pills and the `@` and `/` menus: following what is typed, choosing a tab or a task, taking a pill out. */
function useMentionEditing(ref: RefObject<HTMLDivElement | null>, mentions: MentionState, tasks?: TaskState) {
  /** Follows the `@word` before the caret (and a `/name` the box starts with): the menus open, narrow, or close. */
  const track = () => {
    const el = ref.current;
    const at = el ? mentionBeforeCaret(el) : undefined;
    if (at) void mentions.show(at.query).catch((e: unknown) => console.warn('listing tabs', e));
    else mentions.close();
    const command = el && tasks ? taskCommandIn(el) : undefined;
    if (command) tasks?.showMenu(command.query);
    else tasks?.closeMenu();
  };
  /** Puts task `index` of the `/` menu in the box as `/name`, to be run with Enter. */
  const chooseTask = (index: number) => {
    const el = ref.current;
    const task = tasks?.choose(index);
    if (!el || !task) return;
    writeDraft(el, [`/${task.name}`]);
    el.focus();
  };
  /** After an edit: the pills the box holds now, and no stray line break left in an emptied box (its placeholder shows). */
  const changed = () => {
    const el = ref.current;
    if (!el) return;
    if (!el.textContent && !el.querySelector('.mention-pill')) el.replaceChildren();
    mentions.sync(pillsIn(el));
    track();
  };
  /** Puts option `index` in place of the `@word` being typed, as a pill. */
  const choose = (index: number) => {
    const el = ref.current;
    const at = el ? mentionBeforeCaret(el) : undefined;
    const tab = mentions.choose(index);
    const title = tab && (mentionTitleOf(tab.title) || tab.host);
    if (!el || !at || !tab || !title) return;
    insertPill(el, at, { tabId: tab.tabId, title });
    mentions.sync(pillsIn(el));
    el.focus();
  };
  const remove = (pill: HTMLElement) => {
    const el = ref.current;
    if (!el) return;
    removePill(el, pill);
    el.focus();
    changed();
  };
  return { track, changed, choose, chooseTask, remove };
}

export function Composer({ state, tasks }: { state: ChatState; tasks?: TaskState }) {
  const ref = useRef<HTMLDivElement>(null);
  const mentions = useMemo(() => createMentionState(), []);
  const picker = useRef<HTMLInputElement>(null);
  const attached = useAttachedFiles(state);
  const { track, changed, choose, chooseTask, remove } = useMentionEditing(ref, mentions, tasks);
  // A draft replaces what the box held, pills included.
  usePendingDraft(ref, () => mentions.sync([]));
  const running = state.running.value;
  // The message box has the focus when the panel opens: the user can type at once.
  useEffect(() => ref.current?.focus(), []);
  // A starting point that needs the user's words: written in, cursor at the end, to be finished and sent.
  const draft = state.draft.value;
  useEffect(() => {
    const el = ref.current;
    if (draft === null || !el) return;
    writeDraft(el, [draft]);
    mentions.sync([]);
    state.draft.value = null;
  }, [draft, state, mentions]);
  const waiting = useRef(false);
  const latestSubmit = useRef<() => Promise<void>>(async () => {});
  const submit = async () => {
    const el = ref.current;
    if (!el) return;
    const pieces = readDraft(el);
    const { text, mentions: mentioned } = composeMessage(pieces);
    if (!text) return;
    // `/name` of a saved task runs it (its placeholders are asked for first); any other text is a message.
    const command = tasks && taskCommandOf(text);
    const task = command ? tasks.named(command) : undefined;
    if (tasks && task) {
      writeDraft(el, []);
      tasks.closeMenu();
      tasks.begin(task);
      return;
    }
    const ids = attached.forSend(running);
    if (!ids) {
      // The message goes as soon as its files are read (the draft stays in the box, the notice says so); a file
      // that waits for its password holds it until the user sends again.
      if (waiting.current) return;
      waiting.current = true;
      const ready = await attached.whenRead().finally(() => (waiting.current = false));
      if (ready) await latestSubmit.current();
      return;
    }
    writeDraft(el, []);
    mentions.sync([]);
    if (!(await state.send(text, mentioned, ids))) {
      writeDraft(el, pieces);
      mentions.sync(pillsIn(el));
    } else if (!running) attached.clear();
  };
  latestSubmit.current = submit;
  const menuOpen = mentions.open.value;
  const activeTab = menuOpen ? mentions.options.value[mentions.active.value] : undefined;
  const taskMenuOpen = !!tasks?.menu.open.value;
  const activeTask = taskMenuOpen ? tasks?.menu.options.value[tasks.menu.active.value] : undefined;
  const placeholder = running ? t('composer_placeholder_busy') : t('composer_placeholder');
  return (
    <form
      class="composer"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      onDragOver={(e) => {
        if (e.dataTransfer?.types.includes('Files')) e.preventDefault();
      }}
      onDrop={(e) => {
        if (!e.dataTransfer?.files.length) return;
        e.preventDefault();
        attached.attach(e.dataTransfer.files);
      }}
      onPaste={(e) => {
        // Pasted files are attached; pasted text goes into the box as usual.
        if (!e.clipboardData?.files.length) return;
        e.preventDefault();
        attached.attach(e.clipboardData.files);
      }}
    >
      {attached.files && <attached.files.View state={attached.files.state} />}
      <MentionMenu mentions={mentions} onChoose={choose} />
      {tasks && <TaskMenu tasks={tasks} onChoose={chooseTask} />}
      {tasks && <TaskFillForm tasks={tasks} />}
      <div
        ref={ref}
        class="composer-box"
        contentEditable="plaintext-only"
        role="textbox"
        aria-multiline="true"
        aria-label={t('composer_label')}
        aria-controls={menuOpen ? MENTION_MENU_ID : taskMenuOpen ? TASK_MENU_ID : undefined}
        aria-activedescendant={
          activeTab ? mentionOptionId(activeTab.tabId) : activeTask ? taskOptionId(activeTask.name) : undefined
        }
        aria-placeholder={placeholder}
        data-placeholder={placeholder}
        onInput={changed}
        onClick={track}
        onMouseDown={(e) => {
          // A pill's ×: the box keeps the focus, the pill goes.
          const pill = (e.target as Element).closest('.mention-remove')?.parentElement;
          if (!isPill(pill)) return;
          e.preventDefault();
          remove(pill);
        }}
        onKeyDown={(e) => {
          if (tasks && taskMenuKey(tasks, e, chooseTask)) return;
          keys({ mentions, choose, remove, submit })(e);
        }}
      />
      <div class="composer-buttons">
        <button type="submit" class="send">
          {t('composer_send')}
        </button>
        <McpAttach box={ref} />
        <button type="button" class="attach-files" onClick={() => picker.current?.click()}>
          {t('composer_attach_files')}
        </button>
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          accept={ATTACHABLE}
          aria-label={t('composer_attach_files')}
          onChange={(e) => {
            attached.attach(e.currentTarget.files);
            e.currentTarget.value = '';
          }}
        />
        {running && (
          <button type="button" class="stop" onClick={() => state.stop()}>
            {t('composer_stop')}
          </button>
        )}
      </div>
    </form>
  );
}
