import { describe, expect, it } from 'vitest';
import { invisibleCharsNotice, stripInvisibleChars } from '../../../lib/page/strip-invisible-chars';

describe('stripInvisibleChars', () => {
  it('removes zero-width, bidi, word-joiner, BOM and tag characters, and counts them', () => {
    const count = { removed: 0 };
    const tags = Array.from('hi', (c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');
    const text = `a\u200Bb\u200Cc\u200Dd\u200Ee\u200Ff\u2060g\u2061h\u2064i\uFEFFj\u202Ak\u202El\u2066m\u2069n\u{E0001}${tags}\u{E007F}o`;
    expect(stripInvisibleChars(text, count)).toBe('abcdefghijklmno');
    expect(count.removed).toBe(17);
    expect(invisibleCharsNotice(count)).toBe('Removed 17 invisible characters.');
  });

  it('keeps visible text, whitespace and emoji code points as they are', () => {
    const count = { removed: 0 };
    expect(stripInvisibleChars('Héllo wörld\n\t日本 🙂', count)).toBe('Héllo wörld\n\t日本 🙂');
    expect(invisibleCharsNotice(count)).toBeUndefined();
    expect(invisibleCharsNotice({ removed: 1 })).toBe('Removed 1 invisible character.');
  });
});
