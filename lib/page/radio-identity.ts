import { textOf } from './field-label';

/** What a person reads beside a radio: its labels, else its aria-label, else its value. */
export function radioLabel(radio: HTMLInputElement): string {
  const labels = Array.from(radio.labels ?? [], textOf).filter(Boolean);
  return (labels.join(' ') || radio.getAttribute('aria-label') || radio.value).replace(/\s+/g, ' ').trim();
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * How each radio of a group is named to the model: its value when the group's values are unique and not
 * the browser's default "on" (a group without value attributes has every value "on"), else its label when
 * labels are unique, else nothing (the options cannot be told apart, and a fill must say so).
 */
export function radioIdentities(radios: HTMLInputElement[]): (string | undefined)[] {
  const values = radios.map((r) => r.value);
  const hasValues = radios.every((r) => r.hasAttribute('value') && r.value !== '');
  if (hasValues && new Set(values).size === values.length) return values;
  const labels = radios.map(radioLabel);
  if (labels.every(Boolean) && new Set(labels.map(norm)).size === labels.length) return labels;
  return radios.map(() => undefined);
}

/** The chosen radio's identity ('' when none is chosen, or when the chosen one has no identity). */
export function checkedRadioIdentity(radios: HTMLInputElement[]): string {
  const ids = radioIdentities(radios);
  const i = radios.findIndex((r) => r.checked);
  return i < 0 ? '' : (ids[i] ?? '');
}

/**
 * The radio `wanted` names: its identity exactly, else one radio whose label, identity or value matches
 * ignoring case and spacing. A name that matches several radios, or a group whose radios cannot be told
 * apart, is an error the model reads: it is never resolved by picking the first.
 */
export function findRadio(
  radios: HTMLInputElement[],
  wanted: string,
): { radio: HTMLInputElement } | { reason: string } {
  const ids = radioIdentities(radios);
  if (ids.every((id) => id === undefined)) {
    return {
      reason:
        'the options of this radio group cannot be told apart (same value and same label); choose it with click on the option instead',
    };
  }
  const exact = radios.filter((_, i) => ids[i] === wanted);
  if (exact.length === 1) return { radio: exact[0] as HTMLInputElement };
  const target = norm(wanted);
  const loose = radios.filter((r, i) => [ids[i] ?? '', radioLabel(r), r.value].some((n) => norm(n) === target));
  if (loose.length === 1) return { radio: loose[0] as HTMLInputElement };
  const names = ids.map((id) => JSON.stringify(id)).join(', ');
  if (loose.length > 1)
    return { reason: `"${wanted}" matches ${loose.length} options; name one by its label (${names})` };
  return { reason: `"${wanted}" is not among the options (${names})` };
}
