/**
 * The languages whose words are stemmed and stop-worded: Orama's stemmers (`@orama/stemmers`) and stop-word
 * lists (`@orama/stopwords`), each applied only to words in the language's own script (an English page
 * quoting Japanese leaves the Japanese words alone). English keeps Orama's built-in Porter stemmer and Lucene's
 * stop set, which BEIR's BM25 baselines use, so the SciFact figures stay comparable. Chinese and Japanese have
 * stop words but no stemmer; a language not listed here, or none, is neither stemmed nor stop-worded.
 */
import { tokenizer as oramaTokenizer } from '@orama/orama/components';
import { stemmer as arabic } from '@orama/stemmers/arabic';
import { stemmer as armenian } from '@orama/stemmers/armenian';
import { stemmer as bulgarian } from '@orama/stemmers/bulgarian';
import { stemmer as danish } from '@orama/stemmers/danish';
import { stemmer as dutch } from '@orama/stemmers/dutch';
import { stemmer as finnish } from '@orama/stemmers/finnish';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as greek } from '@orama/stemmers/greek';
import { stemmer as hindi } from '@orama/stemmers/indian';
import { stemmer as hungarian } from '@orama/stemmers/hungarian';
import { stemmer as indonesian } from '@orama/stemmers/indonesian';
import { stemmer as irish } from '@orama/stemmers/irish';
import { stemmer as italian } from '@orama/stemmers/italian';
import { stemmer as lithuanian } from '@orama/stemmers/lithuanian';
import { stemmer as nepali } from '@orama/stemmers/nepali';
import { stemmer as norwegian } from '@orama/stemmers/norwegian';
import { stemmer as portuguese } from '@orama/stemmers/portuguese';
import { stemmer as romanian } from '@orama/stemmers/romanian';
import { stemmer as russian } from '@orama/stemmers/russian';
import { stemmer as serbian } from '@orama/stemmers/serbian';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import { stemmer as swedish } from '@orama/stemmers/swedish';
import { stemmer as tamil } from '@orama/stemmers/tamil';
import { stemmer as turkish } from '@orama/stemmers/turkish';
import { stemmer as ukrainian } from '@orama/stemmers/ukrainian';
import { stopwords as arabicStop } from '@orama/stopwords/arabic';
import { stopwords as armenianStop } from '@orama/stopwords/armenian';
import { stopwords as bulgarianStop } from '@orama/stopwords/bulgarian';
import { stopwords as danishStop } from '@orama/stopwords/danish';
import { stopwords as dutchStop } from '@orama/stopwords/dutch';
import { stopwords as finnishStop } from '@orama/stopwords/finnish';
import { stopwords as frenchStop } from '@orama/stopwords/french';
import { stopwords as germanStop } from '@orama/stopwords/german';
import { stopwords as greekStop } from '@orama/stopwords/greek';
import { stopwords as hindiStop } from '@orama/stopwords/indian';
import { stopwords as hungarianStop } from '@orama/stopwords/hungarian';
import { stopwords as indonesianStop } from '@orama/stopwords/indonesian';
import { stopwords as irishStop } from '@orama/stopwords/irish';
import { stopwords as italianStop } from '@orama/stopwords/italian';
import { stopwords as japaneseStop } from '@orama/stopwords/japanese';
import { stopwords as lithuanianStop } from '@orama/stopwords/lithuanian';
import { stopwords as mandarinStop } from '@orama/stopwords/mandarin';
import { stopwords as nepaliStop } from '@orama/stopwords/nepali';
import { stopwords as norwegianStop } from '@orama/stopwords/norwegian';
import { stopwords as portugueseStop } from '@orama/stopwords/portuguese';
import { stopwords as romanianStop } from '@orama/stopwords/romanian';
import { stopwords as russianStop } from '@orama/stopwords/russian';
import { stopwords as serbianStop } from '@orama/stopwords/serbian';
import { stopwords as spanishStop } from '@orama/stopwords/spanish';
import { stopwords as swedishStop } from '@orama/stopwords/swedish';
import { stopwords as tamilStop } from '@orama/stopwords/tamil';
import { stopwords as turkishStop } from '@orama/stopwords/turkish';
import { stopwords as ukrainianStop } from '@orama/stopwords/ukrainian';

/** How one language's words become terms. */
export interface WordLanguage {
  /** Which words are this language's (by script); others on its pages are left as they are. */
  script: RegExp;
  stopWords: ReadonlySet<string>;
  stem?: (word: string) => string;
}

// Lucene's English stop set (what Anserini's BM25 baseline on BEIR uses).
const ENGLISH_STOP =
  'a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with';

const englishStem = (() => {
  // Orama ships its Porter stemmer only through its tokenizer object; reuse it rather than carry a second copy.
  const t = oramaTokenizer.createTokenizer({ language: 'english', stemming: true }) as unknown as {
    stemmer?: (w: string) => string;
  };
  if (typeof t.stemmer !== 'function') throw new Error('Orama tokenizer exposes no English stemmer');
  return t.stemmer;
})();

const LATIN = /^[\p{Script=Latin}\p{M}\p{N}'’]+$/u;
const CYRILLIC = /^[\p{Script=Cyrillic}\p{M}\p{N}'’]+$/u;
const lang = (script: RegExp, stopWords: readonly string[], stem?: (w: string) => string): WordLanguage => ({
  script,
  stopWords: new Set(stopWords),
  stem,
});

/** By the primary subtag of a BCP 47 language tag. */
export const WORD_LANGUAGES: Readonly<Record<string, WordLanguage>> = {
  en: lang(LATIN, ENGLISH_STOP.split(' '), englishStem),
  ar: lang(/^[\p{Script=Arabic}\p{M}\p{N}]+$/u, arabicStop, arabic),
  hy: lang(/^[\p{Script=Armenian}\p{M}\p{N}]+$/u, armenianStop, armenian),
  bg: lang(CYRILLIC, bulgarianStop, bulgarian),
  da: lang(LATIN, danishStop, danish),
  nl: lang(LATIN, dutchStop, dutch),
  fi: lang(LATIN, finnishStop, finnish),
  fr: lang(LATIN, frenchStop, french),
  de: lang(LATIN, germanStop, german),
  el: lang(/^[\p{Script=Greek}\p{M}\p{N}]+$/u, greekStop, greek),
  hi: lang(/^[\p{Script=Devanagari}\p{M}\p{N}]+$/u, hindiStop, hindi),
  hu: lang(LATIN, hungarianStop, hungarian),
  id: lang(LATIN, indonesianStop, indonesian),
  ga: lang(LATIN, irishStop, irish),
  it: lang(LATIN, italianStop, italian),
  lt: lang(LATIN, lithuanianStop, lithuanian),
  ne: lang(/^[\p{Script=Devanagari}\p{M}\p{N}]+$/u, nepaliStop, nepali),
  no: lang(LATIN, norwegianStop, norwegian),
  pt: lang(LATIN, portugueseStop, portuguese),
  ro: lang(LATIN, romanianStop, romanian),
  ru: lang(CYRILLIC, russianStop, russian),
  sr: lang(/^[\p{Script=Cyrillic}\p{Script=Latin}\p{M}\p{N}]+$/u, serbianStop, serbian),
  es: lang(LATIN, spanishStop, spanish),
  sv: lang(LATIN, swedishStop, swedish),
  ta: lang(/^[\p{Script=Tamil}\p{M}\p{N}]+$/u, tamilStop, tamil),
  tr: lang(LATIN, turkishStop, turkish),
  uk: lang(CYRILLIC, ukrainianStop, ukrainian),
  ja: lang(/^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー\p{N}]+$/u, japaneseStop),
  zh: lang(/^[\p{Script=Han}\p{N}]+$/u, mandarinStop),
};

/** Tags that name the same language under another code (Norwegian Bokmål and Nynorsk). */
const ALIASES: Readonly<Record<string, string>> = { nb: 'no', nn: 'no' };

/** The listed language a BCP 47 tag names ("de-AT" → "de"), or undefined for an unknown or empty tag. */
export function wordLanguageOf(tag: string | undefined): string | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  if (!primary) return undefined;
  const code = ALIASES[primary] ?? primary;
  return code in WORD_LANGUAGES ? code : undefined;
}
