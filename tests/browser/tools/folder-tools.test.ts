/**
 * The folder tools over a real FileSystemDirectoryHandle in Chromium (of the Origin Private File System: headless
 * Chromium cannot click through the picker), kept in the folder store and read back as the worker reads it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFolderStore } from '../../../lib/storage/folder-store';
import type { Tool, ToolContext } from '../../../lib/tools/define-tool';
import { asFolderDirectory } from '../../../lib/tools/folder/folder-handle';
import { createFolderTools } from '../../../lib/tools/folder/folder-tools';

const ctx = { signal: new AbortController().signal } as unknown as ToolContext;
const NAME = `folder-tools-${crypto.randomUUID()}`;
let root: FileSystemDirectoryHandle;

async function write(dir: FileSystemDirectoryHandle, path: string, content: string) {
  const parts = path.split('/');
  for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true });
  const writable = await (await dir.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
  await writable.write(content);
  await writable.close();
}

beforeAll(async () => {
  const opfs = await navigator.storage.getDirectory();
  root = await opfs.getDirectoryHandle(NAME, { create: true });
  await write(root, 'notes/plan.md', '# Plan\nLaunch on Tuesday.\n');
  await write(root, 'data.csv', 'name,score\nAda,3\n');
  await write(opfs, `${NAME}-beside.txt`, 'beside the folder');
});
afterAll(async () => {
  const opfs = await navigator.storage.getDirectory();
  await opfs.removeEntry(NAME, { recursive: true });
  await opfs.removeEntry(`${NAME}-beside.txt`);
});

describe('folder tools on a real handle', () => {
  it('the handle survives the folder store (structured clone) and the tools read through it', async () => {
    const store = openFolderStore(`test-folder-${crypto.randomUUID()}`);
    expect(await store.get()).toBeUndefined();
    await store.set(root, 1);
    const kept = (await store.get())!;
    expect(kept.name).toBe(NAME);
    expect(await kept.handle.isSameEntry(root)).toBe(true);
    expect(await asFolderDirectory(kept.handle).queryPermission!({ mode: 'read' })).toBe('granted');

    const tools = Object.fromEntries(
      createFolderTools({ folder: async () => ({ handle: asFolderDirectory(kept.handle), name: kept.name }) }).map(
        (t) => [t.name, t as Tool],
      ),
    );
    const run = async (name: string, input: unknown) => tools[name]!.execute(tools[name]!.input.parse(input), ctx);
    const listed = (await run('list_files', { recursive: true })) as { entries: Array<{ path: string; kind: string }> };
    expect(listed.entries.map((e) => `${e.kind}:${e.path}`)).toEqual([
      'file:data.csv',
      'directory:notes',
      'file:notes/plan.md',
    ]);
    expect(await run('read_file', { path: 'notes/plan.md' })).toMatchObject({
      markdown: '# Plan\nLaunch on Tuesday.\n',
      type: 'Markdown file',
      size: 26,
    });
    expect(await run('search_files', { query: 'TUESDAY' })).toMatchObject({
      matches: [{ path: 'notes/plan.md', line: 2, text: 'Launch on Tuesday.' }],
      filesSearched: 2,
    });
    expect(await run('stat_file', { path: 'data.csv' })).toMatchObject({ kind: 'file', type: 'CSV file', size: 17 });
    // Chromium's own errors, in the model's words.
    await expect(run('read_file', { path: 'notes/none.md' })).rejects.toThrow('No file or folder "notes/none.md"');
    await expect(run('list_files', { path: 'data.csv' })).rejects.toThrow('"data.csv" is a file');
    await expect(run('read_file', { path: 'notes' })).rejects.toThrow('"notes" is a folder');
    // The file beside the folder is out of reach, by the resolver first; Chromium refuses the name as well.
    await expect(run('read_file', { path: `../${NAME}-beside.txt` })).rejects.toThrow('Refused');
    await expect(root.getFileHandle(`../${NAME}-beside.txt`)).rejects.toThrow(TypeError);
    await store.clear();
    expect(await store.get()).toBeUndefined();
  });
});
