/**
 * The one tokenizer of Tabwise's keyword search: the history index (when a page is indexed and when it is
 * searched), memory search and conversation search all turn text into terms here.
 *
 * A word of a page in a listed language (word-languages.ts), written in that language's script, becomes
 * `lang:stem` ("de:haus" for "Häuser"); its stop words become nothing. Every other word (a page of unknown
 * language, Korean, a Japanese quote on an English page) becomes itself, lower-cased and, in Latin script,
 * without accents. A query does not know its language, so each of its words is looked up under every form it
 * could have been indexed in: itself and its stem in each language the index holds (`wordForms`).
 */
import { segmentWords } from './segment-words';
import { WORD_LANGUAGES, wordLanguageOf } from './word-languages';

/** Languages that elide an article or pronoun into the next word ("l'homme", "dell'arte"). */
const ELIDING = new Set(['fr', 'it', 'ga']);
const LATIN_WORD = /^[\p{Script=Latin}\p{M}\p{N}'’]+$/u;
const APOSTROPHE = /['’]/;

const cache = new Map<string, string>();
// Bounded because the offscreen document lives for days; the cache is only a speed-up.
const CACHE_LIMIT = 200_000;

/** Removes accents from Latin words only (decomposing kana would turn が into か). */
function fold(word: string): string {
  return LATIN_WORD.test(word) ? word.normalize('NFD').replace(/\p{M}/gu, '') : word;
}

function baseOf(lower: string, elides: boolean): string {
  const at = lower.search(APOSTROPHE);
  if (at < 0) return lower;
  // "l'homme" → "homme"; elsewhere the part before the apostrophe ("user's" → "user").
  return elides && at <= 2 ? lower.slice(at + 1).replace(/['’].*$/, '') : lower.slice(0, at);
}

function computeTerm(word: string, code: string | undefined): string {
  const lower = word.toLowerCase();
  const language = code ? WORD_LANGUAGES[code] : undefined;
  if (!language || !language.script.test(lower)) return fold(baseOf(lower, false));
  const base = baseOf(lower, ELIDING.has(code!));
  if (!base || language.stopWords.has(base)) return '';
  const stem = language.stem && base.length > 2 && !/\p{N}/u.test(base) ? language.stem(base) : base;
  return `${code}:${fold(stem)}`;
}

/** The term of one word on a page in `code` (a listed language, or undefined); '' for a stop word. */
export function termOf(word: string, code: string | undefined): string {
  const key = code ? `${code}\u0000${word}` : word;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const out = computeTerm(word, code);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, out);
  return out;
}

/** The terms of a text in language `lang` (any BCP 47 tag; unknown or absent: no stemming), in order. */
export function indexTerms(text: string, lang?: string): string[] {
  const code = wordLanguageOf(lang);
  const out: string[] = [];
  for (const w of segmentWords(text)) {
    const t = termOf(w.text, code);
    if (t) out.push(t);
  }
  return out;
}

/**
 * Every term a word may have been indexed under: itself (as a page of unknown language indexes it) and its
 * term in each of `codes` (listed languages) whose script it is written in. Stop words add no form.
 */
export function wordForms(word: string, codes: Iterable<string>): string[] {
  const forms = new Set<string>([termOf(word, undefined)]);
  for (const c of codes) {
    const t = termOf(word, c);
    if (t) forms.add(t);
  }
  forms.delete('');
  return [...forms];
}

/** A query's words, each with the forms it may have been indexed under in `codes` (see `wordForms`). */
export function queryTermGroups(query: string, codes: Iterable<string>): string[][] {
  const list = [...codes];
  return segmentWords(query)
    .map((w) => wordForms(w.text, list))
    .filter((g) => g.length > 0);
}

/** The language of a term ("de" for "de:haus"), or undefined for a term indexed as itself. */
export function termLanguage(term: string): string | undefined {
  const at = term.indexOf(':');
  return at > 0 ? term.slice(0, at) : undefined;
}
