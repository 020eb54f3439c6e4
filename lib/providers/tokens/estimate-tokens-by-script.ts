/**
 * Token counts for models whose tokenizer Tabwise cannot run (Anthropic's, local models'): an estimate per
 * script and piece, in the way byte-pair tokenizers cut text, calibrated against OpenAI's o200k_base on English
 * prose, Japanese, Chinese, Korean, German, French, Arabic and TypeScript (tests/fixtures/multilingual and
 * this repository's docs and code; the CJK rates also on tests/fixtures/token-samples.ts, which
 * tests/unit/providers/tokens checks). Real texts vary by about ±10% around these rates.
 * Never characters divided by four, which counts CJK text and code several times too low.
 */

/** Pieces as BPE pre-tokenizers cut them: a word with its leading space, digits, punctuation, whitespace. */
const PIECE =
  / ?[\p{Script=Han}]+| ?[\p{Script=Hiragana}\p{Script=Katakana}ー]+| ?\p{Script=Hangul}+| ?[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]+| ?[\p{L}\p{M}]+|\p{N}+| ?[^\s\p{L}\p{M}\p{N}]+|\s+/gu;

const HAN = /^ ?\p{Script=Han}/u;
const KANA = /^ ?[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HANGUL = /^ ?\p{Script=Hangul}/u;
const SOUTHEAST = /^ ?[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const LATIN = /^ ?[\p{Script=Latin}]/u;
const LETTER = /^ ?[\p{L}\p{M}]/u;
const DIGITS = /^\p{N}/u;
const SPACE = /^\s/u;
/** CJK punctuation (、。，「」！？ and full-width forms), which o200k_base mostly merges with its neighbours. */
const CJK_PUNCTUATION = /^ ?[\u3000-\u303f\uff00-\uffef]+$/u;

/** Tokens per character (or per piece) of each kind, fitted on the samples above. */
const RATE = {
  han: 0.76,
  kana: 0.78,
  hangul: 0.74,
  /** A Latin word: one token up to this many letters, then one per `latinPer` more… */
  latinWhole: 7,
  latinPer: 5,
  /** …and this much more per letter outside ASCII (ä, é, ß are rarer pieces in the vocabulary). */
  latinAccented: 1.2,
  southeast: 0.35,
  /** Other alphabets (Cyrillic, Greek, Arabic, Hebrew, Devanagari…): letters per token. */
  otherPer: 2.8,
  digitsPer: 3,
  /** Punctuation runs: characters per token (code's `();` and `=>` are mostly one token). */
  punctuationPer: 8,
  cjkPunctuation: 0.5,
  /** Runs of spaces and newlines (indentation): characters per token. */
  spacePer: 40,
};

const NON_ASCII = /[^ -~\s]/g;

function pieceTokens(p: string): number {
  const n = p.startsWith(' ') ? p.length - 1 : p.length;
  if (HAN.test(p)) return Math.max(1, n * RATE.han);
  if (KANA.test(p)) return Math.max(1, n * RATE.kana);
  if (HANGUL.test(p)) return Math.max(1, n * RATE.hangul);
  if (SOUTHEAST.test(p)) return Math.max(1, n * RATE.southeast);
  if (LATIN.test(p)) {
    const accented = p.match(NON_ASCII)?.length ?? 0;
    const m = n - accented;
    return (m <= RATE.latinWhole ? 1 : 1 + (m - RATE.latinWhole) / RATE.latinPer) + accented * RATE.latinAccented;
  }
  if (LETTER.test(p)) return Math.max(1, n / RATE.otherPer);
  if (DIGITS.test(p)) return Math.ceil(n / RATE.digitsPer);
  if (SPACE.test(p)) return p === ' ' || p === '\n' ? 1 : Math.max(1, p.length / RATE.spacePer);
  if (CJK_PUNCTUATION.test(p)) return n * RATE.cjkPunctuation;
  return Math.max(1, n / RATE.punctuationPer);
}

/** Estimated tokens of `text` for a byte-pair tokenizer of today's size (about 200k entries). */
export function estimateTokensByScript(text: string): number {
  let total = 0;
  for (const m of text.matchAll(PIECE)) total += pieceTokens(m[0]);
  return Math.ceil(total);
}
