import type { ComponentChildren } from 'preact';

/**
 * A labelled control in a settings form grid: the label, the control, then what it means underneath (the
 * hint sits outside the label, so the control's name stays short and nothing runs together).
 */
export function Field({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: ComponentChildren;
  children: ComponentChildren;
}) {
  return (
    <div class="field">
      <label class="field-main">
        <span class="field-label">{label}</span>
        {children}
      </label>
      {hint && <small class="field-hint">{hint}</small>}
    </div>
  );
}
