/** Editing a sent message in place: Save & send continues the conversation from it; Escape or Cancel keeps it. */
import { useLayoutEffect, useRef } from 'preact/hooks';
import { t } from '../ui/t';

export function MessageEditor({
  text,
  onSave,
  onCancel,
}: {
  text: string;
  onSave: (text: string) => void;
  onCancel: () => void;
}) {
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
        aria-label={t('editor_label')}
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
      <p class="hint">{t('editor_warning')}</p>
      <div class="actions">
        <button type="submit" class="primary">
          {t('editor_send')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('common_cancel')}
        </button>
      </div>
    </form>
  );
}
