/**
 * The success check's matchers (issue 28): pure, deterministic and linear or near it in their input, whatever
 * the page, the model or the user wrote. Text is compared as a person reads it: Unicode-normalised (NFKC),
 * characters nobody sees removed, runs of white space as one space, case ignored. An address pattern has one
 * wildcard, `*` (any run of characters); it is matched by a two-pointer scan, never turned into a RegExp.
 */
import type { EvalCheck } from '../core/eval-check';

/** Format characters (zero-width spaces, joiners, bidi marks) and the soft hyphen: present, but not seen. */
const INVISIBLE = /[\p{Cf}\u00ad]/gu;

/** Text as it is compared: NFKC, invisible characters out, white space collapsed, lower case. */
export function normalizeText(s: string): string {
  return s.normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** Whether `needle` appears in `haystack`, both normalised. An empty needle never passes. */
export function textAppears(haystack: string, needle: string): boolean {
  const n = normalizeText(needle);
  return n.length > 0 && normalizeText(haystack).includes(n);
}

/**
 * Whether `text` matches `pattern`, where `*` is any run of characters (none included) and every other character
 * stands for itself. The classic greedy scan that goes back only to the last `*`: O(text × pattern) at worst, with
 * no exponential case (there is no nesting for a pattern to exploit).
 */
export function wildcardMatch(pattern: string, text: string): boolean {
  let p = 0;
  let s = 0;
  let star = -1;
  let mark = 0;
  while (s < text.length) {
    if (p < pattern.length && pattern[p] !== '*' && pattern[p] === text[s]) {
      p++;
      s++;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      mark = s;
    } else if (star >= 0) {
      p = star + 1;
      s = ++mark;
    } else return false;
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}

/** An address as compared: parsed and printed again (so `HTTPS://Example.com` is `https://example.com/`). */
function canonicalUrl(raw: string): string {
  return URL.canParse(raw) ? new URL(raw).href : raw;
}

/** Whether the tab's final address holds for a url check. */
export function urlMatches(check: Extract<EvalCheck, { kind: 'url' }>, finalUrl: string): boolean {
  const url = canonicalUrl(finalUrl);
  switch (check.match) {
    case 'exact':
      return url === canonicalUrl(check.url);
    case 'prefix':
      return url.startsWith(canonicalUrl(check.url)) || url.startsWith(check.url);
    case 'pattern':
      // The scheme and host are case-insensitive; the pattern is compared as written and in lower case there.
      return wildcardMatch(check.url, url) || wildcardMatch(check.url.toLowerCase(), url.toLowerCase());
  }
}

/** A field as the page tools list it (get_form_state): its label, its value, its choices. */
export interface ListedField {
  label: string;
  value: string | boolean | string[];
  options?: { value: string; label: string }[];
}

/** The words a user may write for a checkbox's state. */
const TRUE_WORDS = new Set(['true', 'yes', 'on', 'checked', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'off', 'unchecked', '0', '']);

/** The field's value as text a person would name it by: a choice by its value or its shown label. */
function valueMatches(field: ListedField, expected: string): boolean {
  const want = normalizeText(expected);
  const { value } = field;
  if (typeof value === 'boolean') return value ? TRUE_WORDS.has(want) : FALSE_WORDS.has(want);
  const values = Array.isArray(value) ? value : [value];
  const names = values.flatMap((v) => [v, ...(field.options ?? []).filter((o) => o.value === v).map((o) => o.label)]);
  if (!Array.isArray(value)) return names.some((n) => normalizeText(n) === want);
  // Several chosen: the expected text lists them, separated by commas, in any order.
  const wanted = want
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
  const chosen = values.map((v) => [v, ...(field.options ?? []).filter((o) => o.value === v).map((o) => o.label)]);
  return (
    wanted.length === chosen.length && wanted.every((w) => chosen.some((c) => c.some((n) => normalizeText(n) === w)))
  );
}

/** How a field's value reads in the results table. */
export function fieldValueText(value: ListedField['value']): string {
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/**
 * The field a check names, among those listed: the only one whose label is the name (normalised); failing that,
 * the only one whose label contains it. Several candidates: none (the check fails, it does not guess).
 */
export function findField(fields: ListedField[], name: string): ListedField | undefined {
  const want = normalizeText(name);
  if (!want) return undefined;
  const exact = fields.filter((f) => normalizeText(f.label) === want);
  if (exact.length) return exact.length === 1 ? exact[0] : undefined;
  const partial = fields.filter((f) => normalizeText(f.label).includes(want));
  return partial.length === 1 ? partial[0] : undefined;
}

/** Whether the named field holds the expected value. */
export function fieldMatches(fields: ListedField[], name: string, expected: string): boolean {
  const field = findField(fields, name);
  return !!field && valueMatches(field, expected);
}
