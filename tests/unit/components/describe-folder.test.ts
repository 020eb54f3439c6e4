import { describe, expect, it } from 'vitest';
import { describeFolder, FOLDER_CARD_LINES, formatBytes } from '../../../components/sidepanel/cards/describe-folder';

describe('describeFolder', () => {
  it('list_files: paths with sizes, folders marked, the rest counted', () => {
    const entries = [
      { path: 'notes', kind: 'directory' },
      ...Array.from({ length: 14 }, (_, i) => ({ path: `f${i}.txt`, kind: 'file', size: 1_500 * i })),
    ];
    const view = describeFolder('list_files', { folder: 'Docs', path: '', entries })!;
    expect(view.folder).toBe('Docs');
    expect(view.lines).toHaveLength(FOLDER_CARD_LINES);
    expect(view.lines.slice(0, 3)).toEqual([
      { label: 'notes/', detail: '' },
      { label: 'f0.txt', detail: '0 B' },
      { label: 'f1.txt', detail: '2 KB' },
    ]);
    expect(view.more).toBe(3);
  });

  it('search_files: path:line and the matching line; stat_file and read_file: the file and its facts', () => {
    expect(
      describeFolder('search_files', {
        folder: 'Docs',
        query: 'x',
        matches: [{ path: 'a.md', line: 3, text: 'the x' }],
        filesSearched: 1,
      })!.lines,
    ).toEqual([{ label: 'a.md:3', detail: 'the x' }]);
    expect(
      describeFolder('stat_file', {
        folder: 'Docs',
        path: 'q.pdf',
        kind: 'file',
        size: 2_400_000,
        type: 'PDF',
        modified: '2026-11-01T12:00:00.000Z',
      })!.lines,
    ).toEqual([{ label: 'q.pdf', detail: 'PDF · 2.4 MB · 2026-11-01' }]);
    const read = describeFolder('read_file', {
      folder: 'Docs',
      path: 'a.md',
      title: 'a.md',
      type: 'Markdown file',
      size: 10,
      markdown: '# Plan\n**Ship** it',
      totalChars: 18,
      offset: 0,
      nextOffset: 18,
    })!;
    expect(read).toMatchObject({
      excerpt: 'Plan Ship it',
      partial: true,
      lines: [{ label: 'a.md', detail: 'Markdown file · 10 B' }],
    });
  });

  it('shows nothing for output of another shape', () => {
    expect(describeFolder('list_files', 'text')).toBeUndefined();
    expect(describeFolder('list_files', { entries: [] })).toBeUndefined();
    expect(describeFolder('other', { folder: 'Docs' })).toBeUndefined();
    expect(formatBytes(999)).toBe('999 B');
  });
});
