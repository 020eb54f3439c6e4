import type { FieldType, FieldValue } from './form-snapshot';
import { checkedRadioIdentity } from './radio-identity';

/** The current value of a field as the model sees it (and as fill_form reads it back). */
export function readFieldValue(type: FieldType, elements: HTMLElement[]): FieldValue {
  const first = elements[0];
  if (!first) return '';
  switch (type) {
    case 'checkbox':
      return (first as HTMLInputElement).checked;
    case 'radio':
      return checkedRadioIdentity(elements as HTMLInputElement[]);
    case 'select-multiple':
      return Array.from((first as HTMLSelectElement).selectedOptions, (o) => o.value);
    case 'contenteditable':
      return first.innerText.replace(/\n$/, '');
    default:
      return (first as HTMLInputElement).value;
  }
}
