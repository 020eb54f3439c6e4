import { describe, expect, it } from 'vitest';
import { folderPathSegments, isPlainName } from '../../../../lib/tools/folder/folder-path';

describe('folderPathSegments', () => {
  it('reads relative paths, with "." and repeated slashes, as names from the folder', () => {
    expect(folderPathSegments('notes/plan.md', 'Docs')).toEqual(['notes', 'plan.md']);
    expect(folderPathSegments('./notes//plan.md/', 'Docs')).toEqual(['notes', 'plan.md']);
    expect(folderPathSegments('', 'Docs')).toEqual([]);
    expect(folderPathSegments('.', 'Docs')).toEqual([]);
    expect(folderPathSegments('...', 'Docs')).toEqual(['...']);
    expect(folderPathSegments('a..b.txt', 'Docs')).toEqual(['a..b.txt']);
  });

  it.each([
    ['../secret.txt', '".."'],
    ['notes/../../etc/passwd', '".."'],
    ['notes/..', '".."'],
    ['/etc/passwd', 'absolute'],
    ['~/.ssh/id_rsa', 'absolute'],
    ['C:/Windows/win.ini', 'absolute'],
    ['file:///etc/passwd', 'absolute'],
    ['..\\secret.txt', 'backslash'],
    ['notes\\plan.md', 'backslash'],
    ['a\u0000b', 'control character'],
    ['a/b\nc', 'control character'],
  ])('refuses %j (%s) with a message naming the folder', (path, why) => {
    expect(() => folderPathSegments(path, 'Docs')).toThrow(why);
    expect(() => folderPathSegments(path, 'Docs')).toThrow('stay inside it');
  });

  it('refuses a path deeper than any real one', () => {
    expect(() => folderPathSegments(Array(40).fill('a').join('/'), 'Docs')).toThrow('folders deep');
  });

  it('tells plain entry names from names that could point elsewhere', () => {
    expect(['a.txt', '...', '.hidden', 'ünïcode 名'].every(isPlainName)).toBe(true);
    expect(['', '.', '..', 'a/b', 'a\\b', 'a\u0000'].some(isPlainName)).toBe(false);
  });
});
