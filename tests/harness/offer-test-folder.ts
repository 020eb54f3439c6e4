/**
 * The test hook for "a folder the user picks": headless Chromium cannot click through the File System Access
 * picker (intercepting it over DevTools only aborts it), so a test writes real files into the extension's Origin
 * Private File System, in a folder of that name, and replaces the page's `showDirectoryPicker` with one that
 * answers that folder's handle. Everything after the picker is the product's own code: the handle is stored in
 * IndexedDB, and the worker's tools read it like a folder from the disk. Nothing of this is in the build.
 */
import type { Page } from '@playwright/test';

/** Files by path ("notes/plan.md"): text, or bytes as a number array. */
export type TestFolderFiles = Record<string, string | number[]>;

/**
 * Makes the folder `name` holding `files` and answers it from the page's picker; `beside` are files written next
 * to the folder (outside it), for tests that try to reach them.
 */
export async function offerTestFolder(
  page: Page,
  name: string,
  files: TestFolderFiles,
  beside: TestFolderFiles = {},
): Promise<void> {
  await page.evaluate(
    async ({ name, files, beside }) => {
      const root = await navigator.storage.getDirectory();
      await root.removeEntry(name, { recursive: true }).catch(() => {});
      const folder = await root.getDirectoryHandle(name, { create: true });
      const all = [
        ...Object.entries(files).map(([path, content]) => ({ top: folder, path, content })),
        ...Object.entries(beside).map(([path, content]) => ({ top: root, path, content })),
      ];
      for (const { top, path, content } of all) {
        const parts = path.split('/');
        let dir = top;
        for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true });
        const writable = await (await dir.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
        await writable.write(typeof content === 'string' ? content : new Uint8Array(content));
        await writable.close();
      }
      (window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker =
        async () => folder;
    },
    { name, files, beside },
  );
}
