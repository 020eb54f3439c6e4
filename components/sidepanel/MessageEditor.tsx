/** Editing a sent message in place: Save & send continues the conversation from it; Escape or Cancel keeps it. */
import { useLayoutEffect, useRef } from 'preact/hooks';

export function MessageEditor({ text, onSave, onCancel }: { text: string; onSave: (text: string) => void; onCancel: () => void }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);
  const save = () => {
    const value = ref.current?.value.trim();
    if (value) onSave(value);
  };
  return (
    <form
      class="message user message-editor"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <textarea
        ref={ref}
        aria-label="Edit message"
        rows={3}
        defaultValue={text}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            // Handled here: Escape closes the editor and must not also stop anything else.
            e.preventDefault();
            onCancel();
          } else if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
            e.preventDefault();
            save();
          }
        }}
      />
      <p class="hint">Sending replaces the answers after this message.</p>
      <div class="actions">
        <button type="submit" class="primary">
          Save &amp; send
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
