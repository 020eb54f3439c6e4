import type { ComponentChildren } from 'preact';

/** A labelled control in a settings form grid: the label, then the control, then what it means (never run together). */
export function Field({ label, hint, children }: { label: string; hint?: ComponentChildren; children: ComponentChildren }) {
  return (
    <label class="field">
      <span class="field-label">{label}</span>
      {children}
      {hint && <small class="field-hint">{hint}</small>}
    </label>
  );
}
