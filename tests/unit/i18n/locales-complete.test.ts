import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { englishMessage } from '../../harness/english-messages';
import { localeProblems, type Messages } from './locale-problems';

const dir = 'public/_locales';
const read = (locale: string): Messages =>
  JSON.parse(readFileSync(join(dir, locale, 'messages.json'), 'utf8')) as Messages;
const en = read('en');
/** The locales the product promises in full (issue 13: English, German, Japanese, Simplified Chinese; issue 22: French, Spanish, Brazilian Portuguese, Korean). */
const COMPLETE = ['en', 'de', 'ja', 'zh_CN', 'fr', 'es', 'pt_BR', 'ko'];
const locales = readdirSync(dir);

describe('locale files', () => {
  it('the check finds a missing key, an empty message, a lost placeholder and an unknown key', () => {
    const english: Messages = { a: { message: 'Saved $1.' }, b: { message: 'Hello' }, c: { message: 'Bye' } };
    expect(
      localeProblems(english, { a: { message: 'Gespeichert.' }, b: { message: ' ' }, z: { message: 'x' } }, true),
    ).toEqual(['c: missing', 'a: placeholders none ≠ en 1', 'b: empty', 'z: not in en']);
    expect(localeProblems(english, { a: { message: '$1 gespeichert.' } }, false)).toEqual([]);
  });

  it.each(COMPLETE)('%s is complete: every key of en, nothing empty, the same placeholders', (locale) => {
    expect(locales).toContain(locale);
    expect(localeProblems(en, read(locale), true)).toEqual([]);
  });

  it.each(locales.filter((l) => !COMPLETE.includes(l)))(
    '%s (partial) has only keys of en, each well formed',
    (locale) => {
      expect(localeProblems(en, read(locale), false)).toEqual([]);
    },
  );

  it('store limits: name at most 75 characters, description at most 132, in every locale', () => {
    for (const locale of locales) {
      const m = read(locale);
      if (m.ext_name) expect(m.ext_name.message.length, `${locale} ext_name`).toBeLessThanOrEqual(75);
      if (m.ext_description)
        expect(m.ext_description.message.length, `${locale} ext_description`).toBeLessThanOrEqual(132);
    }
  });

  it('every English message is used by the UI or the manifest (no dead keys to translate)', () => {
    const sources = (d: string): string[] =>
      readdirSync(d, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? sources(join(d, e.name)) : /\.(ts|tsx)$/.test(e.name) ? [join(d, e.name)] : [],
      );
    const code = [...sources('components'), ...sources('entrypoints'), ...sources('lib'), 'wxt.config.ts']
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    // Counted nouns are looked up as `count_${noun}_${category}` (format-figures.ts): their noun must be a CountNoun.
    const figures = readFileSync('components/options/format-figures.ts', 'utf8');
    const used = (key: string) =>
      code.includes(`'${key}'`) ||
      code.includes(`__MSG_${key}__`) ||
      figures.includes(`'${/^count_(\w+)_(?:one|other)$/.exec(key)?.[1]}'`);
    const unused = Object.keys(en).filter((key) => !used(key));
    expect(unused).toEqual([]);
  });

  it('tests outside the extension read English the way Chrome substitutes it', () => {
    expect(englishMessage('index_showing', ['3', '10'])).toBe('Showing 3 of 10.');
    expect(englishMessage('no_such_key')).toBe('');
    expect(englishMessage('@@bidi_dir')).toBe('ltr');
  });
});
