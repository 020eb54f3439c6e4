import { describe, expect, it, vi } from 'vitest';
import type { Tool, ToolContext } from '../../../../lib/tools/define-tool';
import { createFolderTools, FOLDER_SEARCH_MAX_MATCHES } from '../../../../lib/tools/folder/folder-tools';
import { fakeFolder, type FakeTree } from './fake-folder';

const ctx = (reads: unknown[] = []) =>
  ({ signal: new AbortController().signal, reportRead: (r: unknown) => reads.push(r) }) as unknown as ToolContext;

function tools(tree: FakeTree, options: { permission?: () => PermissionState; readDocument?: never } = {}) {
  const handle = fakeFolder('Docs', tree, options.permission);
  const list = createFolderTools({
    folder: async () => ({ handle, name: 'Docs' }),
    ...(options.readDocument ? { readDocument: options.readDocument } : {}),
  });
  const byName = Object.fromEntries(list.map((t) => [t.name, t as Tool]));
  const run = async (name: string, input: unknown, c = ctx()) =>
    byName[name]!.execute(byName[name]!.input.parse(input), c);
  return { handle, run, byName };
}

const TREE: FakeTree = {
  'plan.md': '# Plan\nShip the Folder feature in March.\nThen rest.',
  notes: { 'a.txt': 'alpha\nthe BUDGET is 42\n', deep: { 'b.txt': 'budget again' } },
  'big.log': 'budget '.repeat(200_000),
  'photo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]),
};

describe('folder tools', () => {
  it('are offered only while a folder is picked', async () => {
    const none = createFolderTools({ folder: async () => undefined });
    for (const tool of none as Tool[]) expect(await tool.offered!({} as ToolContext)).toBe(false);
    const { byName } = tools(TREE);
    expect(await byName.list_files!.offered!({} as ToolContext)).toBe(true);
    const first = none[0] as Tool;
    await expect(Promise.resolve().then(() => first.execute(first.input.parse({}), ctx()))).rejects.toThrow(
      'No folder is chosen',
    );
  });

  it('list_files lists a folder by name with sizes and times, and recursively', async () => {
    const { run } = tools(TREE);
    const top = (await run('list_files', {})) as { entries: Array<{ path: string; kind: string; size?: number }> };
    expect(top.entries.map((e) => `${e.kind}:${e.path}`)).toEqual([
      'file:big.log',
      'directory:notes',
      'file:photo.png',
      'file:plan.md',
    ]);
    expect(top.entries.find((e) => e.path === 'plan.md')).toMatchObject({
      size: 51,
      modified: '2026-11-01T12:00:00.000Z',
    });
    const all = (await run('list_files', { path: 'notes', recursive: true })) as { entries: Array<{ path: string }> };
    expect(all.entries.map((e) => e.path)).toEqual(['notes/a.txt', 'notes/deep', 'notes/deep/b.txt']);
  });

  it('read_file reads a text file in windows with nextOffset, and reports the read as the folder', async () => {
    const reads: unknown[] = [];
    const { run } = tools(TREE);
    const whole = (await run('read_file', { path: './plan.md' }, ctx(reads))) as { markdown: string; type: string };
    expect(whole).toMatchObject({ path: 'plan.md', markdown: TREE['plan.md'], type: 'Markdown file', totalChars: 51 });
    expect(reads).toEqual([{ origin: 'folder:Docs' }]);
    const first = (await run('read_file', { path: 'big.log', maxChars: 500 })) as {
      markdown: string;
      nextOffset: number;
    };
    expect(first.markdown.length).toBeLessThanOrEqual(500);
    const next = (await run('read_file', { path: 'big.log', offset: first.nextOffset, maxChars: 500 })) as {
      offset: number;
    };
    expect(next.offset).toBe(first.nextOffset);
    await expect(run('read_file', { path: 'big.log', maxChars: 600_000 })).rejects.toThrow();
  });

  it('read_file hands documents to the document reader and says when a file is missing or a folder', async () => {
    const readDocument = vi.fn(async (file: { name: string; url: string }) => ({
      kind: 'pdf' as const,
      title: 'Q3',
      text: `--- Page 1 ---\nread ${file.name}`,
      notes: [],
      totalChars: 20,
    }));
    const { run } = tools({ 'q3.pdf': '%PDF-1.7 fake', sub: {} }, { readDocument: readDocument as never });
    expect(await run('read_file', { path: 'q3.pdf' })).toMatchObject({
      title: 'Q3',
      markdown: '--- Page 1 ---\nread q3.pdf',
      type: 'PDF',
    });
    expect(readDocument.mock.calls[0]![0]).toMatchObject({ name: 'q3.pdf', url: 'folder:///q3.pdf' });
    await expect(run('read_file', { path: 'nope.txt' })).rejects.toThrow('No file or folder "nope.txt" in "Docs".');
    await expect(run('read_file', { path: 'sub' })).rejects.toThrow('"sub" is a folder');
  });

  it('search_files finds text case-insensitively, skips files over 1 MB and non-text files, and says so', async () => {
    const { run } = tools(TREE);
    const found = (await run('search_files', { query: 'budget' })) as {
      matches: Array<{ path: string; line: number; text: string }>;
      filesSearched: number;
      notes: string[];
    };
    expect(found.matches).toEqual([
      { path: 'notes/a.txt', line: 2, text: 'the BUDGET is 42' },
      { path: 'notes/deep/b.txt', line: 1, text: 'budget again' },
    ]);
    expect(found.filesSearched).toBe(3);
    expect(found.notes).toContain('1 files larger than 1 MB were not searched.');
    expect(found.notes.join(' ')).toContain('1 files that are not plain text');
  });

  it(`search_files answers at most ${FOLDER_SEARCH_MAX_MATCHES} matches`, async () => {
    const { run } = tools({ 'many.txt': 'hit\n'.repeat(500) });
    const found = (await run('search_files', { query: 'HIT' })) as { matches: unknown[]; notes: string[] };
    expect(found.matches).toHaveLength(FOLDER_SEARCH_MAX_MATCHES);
    expect(found.notes[0]).toContain(`Only the first ${FOLDER_SEARCH_MAX_MATCHES} matches`);
  });

  it('stat_file says what a file and a folder are', async () => {
    const { run } = tools(TREE);
    expect(await run('stat_file', { path: 'photo.png' })).toMatchObject({ kind: 'file', size: 8, type: 'PNG image' });
    expect(await run('stat_file', { path: 'notes' })).toMatchObject({ kind: 'directory', entries: 2 });
  });

  it('asks for permission again, by name, when Chrome withdrew it', async () => {
    const { run, handle } = tools(TREE, { permission: () => 'prompt' });
    await expect(run('list_files', {})).rejects.toThrow('The folder "Docs" needs the user\'s permission again');
    expect(handle.opened).toEqual([]);
  });

  it('refuses paths out of the folder before touching any handle, and leaves hostile listed names out', async () => {
    const { run, handle } = tools({ ...TREE, '../outside.txt': 'escaped', 'a/b': 'slash' });
    for (const path of ['../outside.txt', '/etc/passwd', 'notes/../../x', 'C:\\x', '~/x'])
      for (const tool of ['read_file', 'stat_file', 'list_files', 'search_files'])
        await expect(run(tool, tool === 'search_files' ? { query: 'x', path } : { path })).rejects.toThrow('Refused');
    expect(handle.opened).toEqual([]);
    const top = (await run('list_files', {})) as { entries: Array<{ path: string }>; notes: string[] };
    expect(top.entries.map((e) => e.path)).not.toContain('../outside.txt');
    expect(top.notes).toContain('2 entries with names that are not plain file names were left out.');
    const found = (await run('search_files', { query: 'escaped' })) as { matches: unknown[] };
    expect(found.matches).toEqual([]);
  });
});

describe('search_files budget', () => {
  it('stops after 50 MB of files read in one search, and says so', async () => {
    const line = 'needle\n' + 'x'.repeat(900_000);
    const tree: FakeTree = Object.fromEntries(
      Array.from({ length: 60 }, (_, i) => [`f${String(i).padStart(2, '0')}.txt`, line]),
    );
    const { run } = tools(tree);
    const found = (await run('search_files', { query: 'needle' })) as { filesSearched: number; notes: string[] };
    expect(found.filesSearched).toBe(55);
    expect(found.notes).toEqual(['Only the first 50 MB of files were searched: search a sub-folder for the rest.']);
  });
});
