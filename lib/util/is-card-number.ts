import { passesLuhn } from './passes-luhn';

/**
 * One separator people and pages put inside card numbers, as a regular-expression class: spaces (also
 * no-break and thin), dashes (hyphen to en dash), dots, slashes.
 */
export const CARD_SEPARATOR = String.raw`[ \u00a0\u2009\u202f./\u2010-\u2013-]`;

const SHAPE = new RegExp(String.raw`^\d(?:${CARD_SEPARATOR}{0,3}\d)*$`);

/**
 * Whether `text` (trimmed) is a payment card number and nothing else: 13 to 19 digits, separators between
 * them allowed, Luhn-valid. One rule for the page (a field is sensitive by its value) and the index (a
 * remembered page is scrubbed of it), so both call the same thing a card number. A phone number (a "+" or
 * brackets) and an order number that fails Luhn are not.
 */
export function isCardNumber(text: string): boolean {
  const s = text.trim();
  const digits = s.replace(/\D/g, '').length;
  return digits >= 13 && digits <= 19 && SHAPE.test(s) && passesLuhn(s);
}
