import type { FieldType } from './form-snapshot';

const TEXT_TYPES = new Set([
  'text',
  'email',
  'number',
  'tel',
  'url',
  'search',
  'date',
  'datetime-local',
  'time',
  'month',
  'week',
  'range',
  'color',
]);

/**
 * The field type fill_form would write `el` as, or undefined when it is not a field a person can change
 * (a button, a disabled or read-only control, an inherited contenteditable). Visibility is judged apart.
 */
export function fieldKindOf(el: Element): FieldType | undefined {
  const tag = el.tagName;
  if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') {
    const c = el as HTMLInputElement;
    if (
      c.disabled ||
      c.matches(':disabled') ||
      c.readOnly ||
      el.getAttribute('aria-disabled') === 'true' ||
      el.getAttribute('aria-readonly') === 'true'
    )
      return undefined;
    if (tag === 'SELECT') return (el as HTMLSelectElement).multiple ? 'select-multiple' : 'select';
    if (tag === 'TEXTAREA') return 'textarea';
    if (c.type === 'checkbox' || c.type === 'radio' || TEXT_TYPES.has(c.type)) return c.type as FieldType;
    return undefined;
  }
  const html = el as HTMLElement;
  if (html.isContentEditable && !html.parentElement?.isContentEditable && el.getAttribute('aria-readonly') !== 'true')
    return 'contenteditable';
  return undefined;
}
