/**
 * The one tokeniser shared by indexing, querying and snippet highlighting, so a query term always
 * meets the same normalised form it was indexed under.
 */
import { tokenizer as oramaTokenizer } from '@orama/orama/components';

// Lucene's English stop set (what Anserini's BM25 baseline on BEIR uses), so our BM25 is comparable.
const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'but',
  'by',
  'for',
  'if',
  'in',
  'into',
  'is',
  'it',
  'no',
  'not',
  'of',
  'on',
  'or',
  'such',
  'that',
  'the',
  'their',
  'then',
  'there',
  'these',
  'they',
  'this',
  'to',
  'was',
  'will',
  'with',
]);

type Stemmer = (word: string) => string;

// Orama ships a Porter stemmer but only exposes it through its tokenizer object; reuse it rather than
// carrying a second copy.
const stem: Stemmer = (() => {
  const t = oramaTokenizer.createTokenizer({ language: 'english', stemming: true }) as unknown as { stemmer?: Stemmer };
  if (typeof t.stemmer !== 'function') throw new Error('Orama tokenizer exposes no English stemmer');
  return t.stemmer;
})();

/** Letters and digits in any script; apostrophes inside words are dropped with what follows ("user's" → "user"). */
export const WORD_PATTERN = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

const cache = new Map<string, string>();
const CACHE_LIMIT = 200_000;

/** Normalises one raw word to its index form, or '' when it is a stop word. */
export function normalizeWord(raw: string): string {
  const lower = raw.toLowerCase();
  const hit = cache.get(lower);
  if (hit !== undefined) return hit;
  const base = lower.replace(/['’].*$/, '');
  const out = STOP_WORDS.has(base) ? '' : base.length > 2 && !/\d/.test(base) ? stem(base) : base;
  // Bounded because the offscreen document lives for days; the cache is only a speed-up.
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(lower, out);
  return out;
}

/** Splits text into index terms (duplicates kept, in order): lower-cased, stop words removed, Porter-stemmed. */
export function tokenizeText(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(WORD_PATTERN)) {
    const t = normalizeWord(m[0]);
    if (t) out.push(t);
  }
  return out;
}
