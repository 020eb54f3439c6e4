/**
 * Which words of a query a text contains, by the same terms as the history index (word-terms.ts): for memory
 * search and conversation search, whose texts have no declared language, every word is compared under each
 * of the user's languages and as itself, so "runs" finds "running" for an English reader and 首都 is found
 * inside 東京は日本の首都です.
 */
import { segmentWords, type Word } from './segment-words';
import { wordLanguageOf } from './word-languages';
import { termOf, wordForms } from './word-terms';

/** What a text holds of a query. */
export interface QueryWordsMatch {
  /** Per query word, whether the text has it. */
  found: boolean[];
  /** The first word of the text that matched a query word. */
  first?: Word;
}

/** A query, ready to be compared with many texts. */
export interface QueryWords {
  /** How many words the query has (stop words of every language included: they still count as words). */
  readonly size: number;
  match(text: string): QueryWordsMatch;
}

/**
 * Prepares `query` for matching texts in `languages` (BCP 47 tags: the user's). With `prefixLast`, the last
 * query word also matches the start of a word, as a person typing it expects ("sour" finds "sourdough").
 */
export function queryWords(
  query: string,
  languages: readonly string[],
  options: { prefixLast?: boolean } = {},
): QueryWords {
  const codes = [...new Set(languages.map(wordLanguageOf).filter((c): c is string => c !== undefined))];
  const groups = segmentWords(query).map((w) => ({
    forms: new Set(wordForms(w.text, codes)),
    bare: termOf(w.text, undefined),
  }));
  const last = options.prefixLast ? groups.length - 1 : -1;
  return {
    size: groups.length,
    match(text) {
      const found = groups.map(() => false);
      let first: Word | undefined;
      let left = groups.length;
      for (const w of segmentWords(text)) {
        if (left === 0) break;
        const forms = wordForms(w.text, codes);
        const bare = termOf(w.text, undefined);
        groups.forEach((g, i) => {
          if (found[i]) return;
          if (forms.some((f) => g.forms.has(f)) || (i === last && g.bare.length > 0 && bare.startsWith(g.bare))) {
            found[i] = true;
            left--;
            first ??= w;
          }
        });
      }
      return first ? { found, first } : { found };
    },
  };
}
