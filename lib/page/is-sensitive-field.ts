/**
 * Names, ids and labels that give away a payment card, a one-time code or a password. A card's expiry reads
 * MM/YY; a date field's dd/mm/yyyy holds the same letters and is not one.
 */
const CARD = /card.?(num|no\b|number)|cc.?(num|number|no\b)|credit.?card|\bcvc|\bcvv|\bcsc\b|security.?code|card.?verif|card.?exp|exp(iry|iration)?.?(date|month|year|mm|yy)|(?<!\bdd\s*[/.-]\s*)\bmm\s*\/\s*yy/i;
const ONE_TIME = /\botp\b|one.?time|2fa|\btotp\b|verification.?code|mfa|auth(entication)?.?code|passcode/i;
const PASSWORD = /pass.?word|passwd|\bpwd\b|\bpin\b/i;

/**
 * Whether a field holds a secret the model must never see or write: passwords, payment cards (autocomplete
 * cc-*, or names recognisable as card number, CVC or expiry), one-time codes.
 */
export function isSensitiveField(el: Element, label: string): boolean {
  if (el.tagName === 'INPUT' && (el as HTMLInputElement).type === 'password') return true;
  const autocomplete = (el.getAttribute('autocomplete') ?? '').toLowerCase();
  if (/\bcc-|one-time-code|current-password|new-password/.test(autocomplete)) return true;
  const clues = `${el.getAttribute('name') ?? ''} ${el.id} ${label} ${el.getAttribute('placeholder') ?? ''}`.replace(/[_-]/g, ' ');
  return CARD.test(clues) || ONE_TIME.test(clues) || PASSWORD.test(clues);
}
