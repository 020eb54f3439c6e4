import { looksSensitive } from './looks-sensitive';

/**
 * Whether a field holds a secret the model must never see or write: passwords, payment cards, one-time codes,
 * by its attributes, its `label` (pass '' when only a nearby text names it) and the value it holds now, so a
 * card number typed into a field named "num" is a secret too (looks-sensitive.ts has the rules).
 */
export function isSensitiveField(el: Element, label: string): boolean {
  const type = el.tagName === 'INPUT' ? (el as HTMLInputElement).type : undefined;
  // What a person typed; a checkbox's, radio's or select's value is the page's own, not a secret of the user's.
  const typed = el.tagName === 'TEXTAREA' || (el.tagName === 'INPUT' && type !== 'checkbox' && type !== 'radio');
  return (
    looksSensitive({
      type,
      autocomplete: el.getAttribute('autocomplete') ?? undefined,
      name: el.getAttribute('name') ?? undefined,
      id: el.id,
      label,
      placeholder: el.getAttribute('placeholder') ?? undefined,
      value: typed ? (el as HTMLInputElement).value : undefined,
    }) !== undefined
  );
}
