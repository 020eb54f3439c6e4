import { useRef } from 'preact/hooks';
import type { ChatState } from './chat-state';

export function Composer({ state }: { state: ChatState }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const submit = () => {
    const el = ref.current;
    if (el && state.send(el.value)) el.value = '';
  };
  return (
    <form
      class="composer"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <textarea
        ref={ref}
        aria-label="Message"
        placeholder="Ask about this page, or anything…"
        rows={2}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
            e.preventDefault();
            submit();
          }
        }}
      />
      {state.running.value ? (
        <button type="button" class="stop" onClick={() => state.stop()}>
          Stop
        </button>
      ) : (
        <button type="submit" class="send">
          Send
        </button>
      )}
    </form>
  );
}
