import type { ComponentChild } from 'preact';
import { t, type MessageKey } from './t';

/** Private-use characters stand in for the elements while the locale's sentence is looked up. */
const slot = (i: number) => String.fromCharCode(0xe000 + i);

/**
 * A translated sentence with elements in it (`Never remember, e.g. <code>example.com</code>`): the locale orders
 * the words, `$1`… mark where each element goes. Elements render as elements; the text around them stays text.
 */
export function fillSlots(key: MessageKey, ...parts: ComponentChild[]): ComponentChild[] {
  const text = t(key, ...parts.map((_, i) => slot(i)));
  return text.split(/([\ue000-\ue008])/).map((piece) => {
    const at = piece.length === 1 ? piece.charCodeAt(0) - 0xe000 : -1;
    return at >= 0 && at < parts.length ? parts[at] : piece;
  });
}
