import { describe, expect, it } from 'vitest';
import { segmentWords } from '../../../../lib/retrieval/words/segment-words';
import { wordLanguageOf } from '../../../../lib/retrieval/words/word-languages';
import { indexTerms, queryTermGroups, wordForms } from '../../../../lib/retrieval/words/word-terms';

const words = (t: string) => segmentWords(t).map((w) => w.text);

describe('segmentWords', () => {
  it('splits Japanese, Chinese and Thai into dictionary words, not runs up to punctuation', () => {
    expect(words('東京は日本の首都です。')).toEqual(['東京', 'は', '日本', 'の', '首都', 'です']);
    expect(words('北京是中国的首都，人口超过两千万。')).toEqual(
      expect.arrayContaining(['北京', '中国', '首都', '人口', '超过']),
    );
    expect(words('ภาษาไทยเป็นภาษาที่สวยงาม')).toEqual(['ภาษา', 'ไทย', 'เป็น', 'ภาษา', 'ที่', 'สวยงาม']);
  });
  it('cuts Korean words, which carry their particles, into syllable pairs', () => {
    expect(words('서울은 수도')).toEqual(['서울', '울은', '수도']);
  });
  it('gives offsets into the original text, also inside a segmented run', () => {
    const text = 'Tokyo: 東京は日本の首都';
    for (const w of segmentWords(text)) expect(text.slice(w.index, w.index + w.text.length)).toBe(w.text);
    expect(segmentWords(text).find((w) => w.text === '首都')?.index).toBe(text.indexOf('首都'));
  });
  it('keeps Arabic words whole with their marks, and Latin words with an inner apostrophe', () => {
    expect(words('القاهرة هي عاصمة مصر')).toEqual(['القاهرة', 'هي', 'عاصمة', 'مصر']);
    expect(words("the user's 3.14 e-mail")).toEqual(['the', "user's", '3', '14', 'e', 'mail']);
  });
  it('stays fast on a long unpunctuated CJK text (the segmenter only sees short runs)', () => {
    const text = '東京は日本の首都であり人口は多い'.repeat(2000);
    const t = performance.now();
    const n = segmentWords(text).length;
    expect(n).toBeGreaterThan(10_000);
    expect(performance.now() - t).toBeLessThan(3000);
  });
});

describe('indexTerms', () => {
  it('stems and stop-words by the page language', () => {
    expect(indexTerms('The studies were running', 'en')).toEqual(['en:studi', 'en:were', 'en:run']);
    expect(indexTerms('Die Häuser stehen am Fluss', 'de-AT')).toEqual(['de:haus', 'de:steh', 'de:fluss']);
    expect(indexTerms("L'homme et les maisons", 'fr')).toEqual(['fr:homm', 'fr:maison']);
    expect(indexTerms('القاهرة هي عاصمة مصر', 'ar')).toEqual(['ar:قاهر', 'ar:عاصم', 'ar:مصر']);
  });
  it('does not stem, nor drop stop words, when the language is unknown or has no stemmer', () => {
    expect(indexTerms('The studies were running')).toEqual(['the', 'studies', 'were', 'running']);
    expect(indexTerms('The studies were running', 'xx')).toEqual(['the', 'studies', 'were', 'running']);
    expect(indexTerms('Café', undefined)).toEqual(['cafe']);
  });
  it('leaves words in another script alone on a page in a stemmed language', () => {
    expect(indexTerms('Trip to 東京 and 金閣寺', 'en')).toEqual(['en:trip', '東京', '金閣寺']);
  });
  it('drops Japanese and Chinese stop words on pages in those languages', () => {
    expect(indexTerms('東京は日本の首都です', 'ja')).not.toContain('ja:は');
    expect(indexTerms('东京是日本的首都', 'zh')).not.toContain('zh:的');
  });
  it('reads BCP 47 tags by their primary subtag', () => {
    expect(wordLanguageOf('zh-Hant-TW')).toBe('zh');
    expect(wordLanguageOf('nb-NO')).toBe('no');
    expect(wordLanguageOf('')).toBeUndefined();
    expect(wordLanguageOf('ko')).toBeUndefined();
  });
});

describe('query forms', () => {
  it('looks a query word up as itself and under each indexed language', () => {
    expect(wordForms('Häuser', ['en', 'de'])).toEqual(['hauser', 'en:hauser', 'de:haus']);
    expect(queryTermGroups('running 首都', ['en', 'ja'])).toEqual([
      ['running', 'en:run'],
      ['首都', 'ja:首都'],
    ]);
  });
  it('gives a stop word of every language only its own form', () => {
    expect(wordForms('the', ['en'])).toEqual(['the']);
  });
});
