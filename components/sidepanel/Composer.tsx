import { useEffect, useMemo, useRef } from 'preact/hooks';
import type { ChatState } from './chat-state';
import { McpAttach } from './McpAttach';
import { createMentionState, mentionAt } from './mention-state';
import { MentionChips } from './MentionChips';
import { MENTION_MENU_ID, MentionMenu, mentionOptionId } from './MentionMenu';
import { usePendingDraft } from './pending-draft';
import { t } from '../ui/t';

export function Composer({ state }: { state: ChatState }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const mentions = useMemo(() => createMentionState(), []);
  usePendingDraft(ref);
  const running = state.running.value;
  // The message box has the focus when the panel opens: the user can type at once.
  useEffect(() => ref.current?.focus(), []);
  // A starting point that needs the user's words: written in, cursor at the end, to be finished and sent.
  const draft = state.draft.value;
  useEffect(() => {
    const el = ref.current;
    if (draft === null || !el) return;
    el.value = draft;
    el.focus();
    el.setSelectionRange(draft.length, draft.length);
    state.draft.value = null;
  }, [draft, state]);
  const submit = async () => {
    const el = ref.current;
    if (!el || !el.value.trim()) return;
    const text = el.value;
    el.value = '';
    const tabs = mentions.chosen.value;
    if (!(await state.send(text, mentions.take()))) {
      el.value = text;
      mentions.chosen.value = tabs;
    }
  };
  /** Follows the `@word` before the caret: the menu opens, narrows, or closes. */
  const track = () => {
    const el = ref.current;
    const at = el ? mentionAt(el.value, el.selectionStart) : undefined;
    if (at) void mentions.show(at.query).catch((e: unknown) => console.warn('listing tabs', e));
    else mentions.close();
  };
  /** Adds option `index` as a chip and takes its `@word` out of the message. */
  const choose = (index: number) => {
    const el = ref.current;
    const at = el ? mentionAt(el.value, el.selectionStart) : undefined;
    if (!mentions.choose(index) || !el || !at) return;
    el.value = el.value.slice(0, at.start) + el.value.slice(el.selectionStart);
    el.setSelectionRange(at.start, at.start);
    el.focus();
  };
  const menuOpen = mentions.open.value;
  const activeTab = menuOpen ? mentions.options.value[mentions.active.value] : undefined;
  return (
    <form
      class="composer"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <MentionChips mentions={mentions} />
      <MentionMenu mentions={mentions} onChoose={choose} />
      <textarea
        ref={ref}
        aria-label={t('composer_label')}
        aria-controls={menuOpen ? MENTION_MENU_ID : undefined}
        aria-activedescendant={activeTab ? mentionOptionId(activeTab.tabId) : undefined}
        placeholder={running ? t('composer_placeholder_busy') : t('composer_placeholder')}
        rows={2}
        onInput={track}
        onClick={track}
        onKeyDown={(e) => {
          if (mentions.open.value) {
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              mentions.move(e.key === 'ArrowDown' ? 1 : -1);
              return;
            }
            if ((e.key === 'Enter' || e.key === 'Tab') && !e.shiftKey && mentions.options.value.length) {
              e.preventDefault();
              choose(mentions.active.value);
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
          if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
            e.preventDefault();
            void submit();
          }
        }}
      />
      <div class="composer-buttons">
        <button type="submit" class="send">
          {t('composer_send')}
        </button>
        <McpAttach textarea={ref} />
        {running && (
          <button type="button" class="stop" onClick={() => state.stop()}>
            {t('composer_stop')}
          </button>
        )}
      </div>
    </form>
  );
}
