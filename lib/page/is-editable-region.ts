/** Roles of regions a person types into: their text is what the user wrote, not what the page says. */
const EDITABLE_ROLES = new Set(['textbox', 'searchbox', 'combobox']);
const FORM_CONTROLS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/**
 * Whether a live element holds what the user typed: a form control, a contenteditable region (any value
 * but "false", inherited too, and designMode; the browser's own isContentEditable decides), or an element
 * whose role makes it a text box. Any role token counts, not only the first, so a region cannot hide
 * behind a fallback role.
 */
export function isEditableRegion(el: Element): boolean {
  if (FORM_CONTROLS.has(el.tagName)) return true;
  if ((el as Partial<HTMLElement>).isContentEditable === true) return true;
  const role = el.getAttribute('role');
  return (
    !!role &&
    role
      .toLowerCase()
      .split(/\s+/)
      .some((token) => EDITABLE_ROLES.has(token))
  );
}
