import { describe, expect, it } from 'vitest';
import { attachmentDocumentUrl, folderDocumentUrl, parseViewerUrl } from '../../../../lib/tools/folder/viewer-url';

const origin = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
const base = `${origin}/viewer.html`;

describe('viewer addresses of folder documents', () => {
  it('round-trips a path and reads the passage', () => {
    const url = folderDocumentUrl(origin, ['notes', 'q3 plan.md']);
    expect(url).toBe(`${base}?path=notes%2Fq3%20plan.md`);
    expect(parseViewerUrl(url, origin)).toEqual({
      source: 'folder',
      segments: ['notes', 'q3 plan.md'],
      path: 'notes/q3 plan.md',
    });
    expect(parseViewerUrl(`${url}#passage=${encodeURIComponent('The launch — code')}`, origin)).toEqual({
      source: 'folder',
      segments: ['notes', 'q3 plan.md'],
      path: 'notes/q3 plan.md',
      passage: 'The launch — code',
    });
  });
  it('round-trips a kept attachment and reads the passage', () => {
    const id = '0b7c6a1e-29f4-4c55-9a0e-5d1f7e2b8c31';
    const url = attachmentDocumentUrl(origin, id);
    expect(url).toBe(`${base}?attachment=${id}`);
    expect(parseViewerUrl(url, origin)).toEqual({ source: 'attachment', id });
    expect(parseViewerUrl(`${url}#passage=${encodeURIComponent('Net revenue rose')}`, origin)).toEqual({
      source: 'attachment',
      id,
      passage: 'Net revenue rose',
    });
  });
  it.each([
    ['another extension', 'chrome-extension://ponmlkjihgfedcbaponmlkjihgfedcba/viewer.html?path=a.md'],
    ['a web page', 'https://example.com/viewer.html?path=a.md'],
    ['another page of the extension', `${origin}/options.html?path=a.md`],
    ['a path going up', `${base}?path=..%2Fsecret.txt`],
    ['a path going up in the middle', `${base}?path=notes%2F..%2F..%2Fx`],
    ['an absolute path', `${base}?path=%2Fetc%2Fpasswd`],
    ['a drive path', `${base}?path=C%3A%5Cx`],
    ['a file URL', `${base}?path=file%3A%2F%2F%2Fetc%2Fpasswd`],
    ['a backslash', `${base}?path=notes%5Cplan.md`],
    ['a control character', `${base}?path=a%0Ab.md`],
    ['no path', `${base}`],
    ['an empty path', `${base}?path=`],
    ['a second parameter', `${base}?path=a.md&next=https%3A%2F%2Fevil.example`],
    ['another fragment', `${base}?path=a.md#x=1`],
    ['a passage too long', `${base}?path=a.md#passage=${'a'.repeat(1001)}`],
    ['malformed escapes', `${base}?path=a.md#passage=%E0%A4%A`],
    ['credentials', `chrome-extension://user:pw@abcdefghijklmnopabcdefghijklmnop/viewer.html?path=a.md`],
    ['not a URL', 'viewer.html?path=a.md'],
    ['both a path and an attachment', `${base}?path=a.md&attachment=3f2b`],
    ['an empty attachment id', `${base}?attachment=`],
    ['an attachment id with a slash', `${base}?attachment=..%2Fx`],
    ['an attachment id with a dot', `${base}?attachment=a.b`],
    ['an attachment id too long', `${base}?attachment=${'a'.repeat(201)}`],
    ['an attachment with another fragment', `${base}?attachment=3f2b#x=1`],
  ])('refuses %s', (_why, href) => {
    expect(parseViewerUrl(href, origin)).toBeUndefined();
  });
});
