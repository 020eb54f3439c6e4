/**
 * The data-flow gate: a value a call is about to write on one origin that the run read on another origin
 * ("this text came from bank.example"). Deterministic and conservative: whole values, secret-looking tokens
 * (identifiers, numbers, e-mail addresses) and long quoted runs are matched after normalising case and
 * whitespace; short values are ignored, since "yes" or "Ada" would match half the web.
 */
import type { WrittenValue } from '../tools/define-tool';
import type { DataFlowFlag } from '../storage/records';

/** Text the run read, and the origin it came from. */
export interface ReadText {
  origin: string;
  text: string;
}

/** Values shorter than this (normalised) are never flagged. */
export const MIN_VALUE_CHARS = 4;
/** A token of a longer value is matched alone when it is at least this long and looks like data (digit or @). */
export const MIN_TOKEN_CHARS = 6;
/** A run of a longer value this long, found in read text, is a copy of it. */
export const MIN_SHARED_CHARS = 24;
/** Only the start of a very long value is compared (a write of a whole page is flagged by its start). */
const MAX_VALUE_CHARS = 4000;

/** Case, width and whitespace differences do not hide a copy. */
export function normalizeForMatch(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The parts of a value that, found in read text, show where it came from. */
function needles(value: string): string[] {
  const v = normalizeForMatch(value).slice(0, MAX_VALUE_CHARS);
  if (v.length < MIN_VALUE_CHARS) return [];
  const out = new Set([v]);
  for (const raw of v.split(' ')) {
    const token = raw.replace(/^[^\p{L}\p{N}@]+|[^\p{L}\p{N}]+$/gu, '');
    if (token.length >= MIN_TOKEN_CHARS && /[\d@]/.test(token)) out.add(token);
  }
  // Runs that start at a word, so a sentence copied into a longer text is still found.
  for (let i = 0; i + MIN_SHARED_CHARS <= v.length; i++) {
    if (i === 0 || v[i - 1] === ' ') out.add(v.slice(i, i + MIN_SHARED_CHARS));
  }
  return [...out];
}

/** One flag per field and origin it came from, for every value found in text read on an origin other than `target`. */
export function findDataFlows(values: readonly WrittenValue[], target: string, reads: readonly ReadText[]): DataFlowFlag[] {
  const elsewhere = new Map<string, string[]>();
  for (const r of reads) {
    if (r.origin === target) continue;
    const list = elsewhere.get(r.origin) ?? [];
    list.push(normalizeForMatch(r.text));
    elsewhere.set(r.origin, list);
  }
  const flags: DataFlowFlag[] = [];
  for (const { field, value } of values) {
    const parts = needles(value);
    if (parts.length === 0) continue;
    for (const [origin, texts] of elsewhere) {
      if (texts.some((t) => parts.some((p) => t.includes(p)))) flags.push({ field, from: origin });
    }
  }
  return flags;
}
