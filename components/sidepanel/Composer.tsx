import { useEffect, useRef } from 'preact/hooks';
import type { ChatState } from './chat-state';
import { usePendingDraft } from './pending-draft';

export function Composer({ state }: { state: ChatState }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  usePendingDraft(ref);
  const running = state.running.value;
  // The message box has the focus when the panel opens: the user can type at once.
  useEffect(() => ref.current?.focus(), []);
  const submit = async () => {
    const el = ref.current;
    if (!el || !el.value.trim()) return;
    const text = el.value;
    el.value = '';
    if (!(await state.send(text))) el.value = text;
  };
  return (
    <form
      class="composer"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <textarea
        ref={ref}
        aria-label="Message"
        placeholder={running ? 'Add to the request while it runs…' : 'Ask about this page, or anything…'}
        rows={2}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
            e.preventDefault();
            void submit();
          }
        }}
      />
      <div class="composer-buttons">
        <button type="submit" class="send">
          Send
        </button>
        {running && (
          <button type="button" class="stop" onClick={() => state.stop()}>
            Stop
          </button>
        )}
      </div>
    </form>
  );
}
