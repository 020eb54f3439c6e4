/**
 * The egress gate's matcher: which values a call is about to send to one origin carry text the run read on
 * another ("this text came from bank.example"). Deterministic and conservative: whole values, data-looking
 * tokens (identifiers, numbers, e-mail addresses) and long runs are matched after normalising case, width and
 * whitespace, and after decoding what a receiver could decode (URL and HTML escapes, base64, hex), on both the
 * value and the text read. Short values are ignored, since "yes" or "Ada" would match half the web.
 */
import type { WrittenValue } from '../tools/define-tool';
import type { DataFlowFlag } from '../core/run-part';
import { decodedForms, decodedTokens } from './decoded-forms';

/** Text the run read, and the origin it came from (or `tool:NAME` for a tool whose output has no one origin). */
export interface ReadText {
  origin: string;
  text: string;
}

/** Values shorter than this (normalised) are never flagged. */
export const MIN_VALUE_CHARS = 4;
/** A token of a longer value is matched alone when it is at least this long and looks like data (digit, @ or _). */
export const MIN_TOKEN_CHARS = 6;
/** A run of a longer value this long, found in read text, is a copy of it. */
export const MIN_SHARED_CHARS = 24;
/** A value spelled out with spaces or separators between its characters is matched without them from this length. */
const MIN_COMPACT_CHARS = 8;
/** Only the start of a very long value is compared (a write of a whole page is flagged by its start). */
const MAX_VALUE_CHARS = 4000;

/** Case, width and whitespace differences do not hide a copy. */
export function normalizeForMatch(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Without spaces and the separators used to spell a value out ("4 8 2-9.1 3"). */
const compact = (normalised: string) => normalised.replace(/[\s.\-_:/|,]+/g, '');

/** Mixed case, digits, @ or _ inside a token: an identifier, a code, a key or an address, not a word. */
const looksLikeData = (token: string) =>
  /[\d@_]/.test(token) ||
  (token.length >= 10 && /[a-z]/.test(token) && /[A-Z].*[a-z]|[a-z].*[A-Z]/.test(token.slice(1)));

/** The parts of one reading of a value that, found in read text, show where it came from. */
function needlesOf(raw: string, out: Set<string>, compacts: Set<string>): void {
  const v = normalizeForMatch(raw).slice(0, MAX_VALUE_CHARS);
  if (v.length < MIN_VALUE_CHARS) return;
  out.add(v);
  const c = compact(v);
  // A data-looking value (a code) is matched spelled out from the length a data token needs ("4 8 2 9 1 3").
  if (c.length >= MIN_COMPACT_CHARS || (c.length >= MIN_TOKEN_CHARS && looksLikeData(c))) compacts.add(c);
  // Split at spaces and at the delimiters of an address, so a secret in `?q=…` or a path is a token of its own.
  for (const piece of raw
    .normalize('NFKC')
    .slice(0, MAX_VALUE_CHARS)
    .split(/[\s/?&=#;:,()<>"'[\]{}|\\^`]+/)) {
    const token = piece.replace(/^[^\p{L}\p{N}@]+|[^\p{L}\p{N}]+$/gu, '');
    if (token.length < MIN_TOKEN_CHARS || !looksLikeData(token)) continue;
    out.add(token.toLowerCase());
    // A data token spelled out with separators inside an address ("t.w._.l.i.v.e") is matched without them.
    const spelled = compact(token.toLowerCase());
    if (spelled.length >= MIN_COMPACT_CHARS) compacts.add(spelled);
  }
  // Runs that start at a word, so a sentence copied into a longer text is still found.
  for (let i = 0; i + MIN_SHARED_CHARS <= v.length; i++) {
    if (i === 0 || v[i - 1] === ' ') out.add(v.slice(i, i + MIN_SHARED_CHARS));
  }
}

/** The needles of a value and of every decoded reading of it. */
function needles(value: string): { plain: string[]; compact: string[] } {
  const plain = new Set<string>();
  const compacts = new Set<string>();
  for (const form of decodedForms(value.slice(0, MAX_VALUE_CHARS))) needlesOf(form, plain, compacts);
  return { plain: [...plain], compact: [...compacts] };
}

/** What was read on one origin, as the needles are compared with it. */
interface Haystack {
  text: string;
  compact: string;
}

/** The read text normalised, with the decoded readings of its encoded tokens after it (a page may show a secret encoded). */
function haystackOf(texts: string[]): Haystack {
  const joined = texts.join('\n');
  const text = normalizeForMatch([joined, ...decodedTokens(joined)].join('\n'));
  return { text, compact: compact(text) };
}

/** One flag per field and source it came from, for every value found in text read on an origin other than `target`. */
export function findDataFlows(
  values: readonly WrittenValue[],
  target: string,
  reads: readonly ReadText[],
): DataFlowFlag[] {
  const elsewhere = new Map<string, string[]>();
  for (const r of reads) {
    if (r.origin === target) continue;
    const list = elsewhere.get(r.origin) ?? [];
    list.push(r.text);
    elsewhere.set(r.origin, list);
  }
  if (elsewhere.size === 0) return [];
  const stacks = new Map([...elsewhere].map(([origin, texts]) => [origin, haystackOf(texts)]));
  const flags: DataFlowFlag[] = [];
  for (const { field, value } of values) {
    const parts = needles(value);
    if (parts.plain.length === 0 && parts.compact.length === 0) continue;
    for (const [origin, stack] of stacks) {
      if (parts.plain.some((p) => stack.text.includes(p)) || parts.compact.some((p) => stack.compact.includes(p)))
        flags.push({ field, from: origin });
    }
  }
  return flags;
}
