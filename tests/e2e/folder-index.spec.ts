/**
 * A folder's documents in the history index, through the built extension: the user picks a folder in Settings →
 * Documents (an Origin Private File System folder: tests/harness/offer-test-folder.ts) and turns on "Remember my
 * documents"; its Markdown file and PDF are indexed (an image is skipped, and the page says so); the agent's
 * search_history finds a passage with its path; the answer's citation opens the extension's viewer page at the
 * passage; a changed file replaces its chunks and a deleted one leaves the index on "Re-index now"; removing the
 * folder takes every chunk of it out.
 */
import type { Page } from '@playwright/test';
import { makePdf } from '../documents/make-documents';
import { offerTestFolder } from '../harness/offer-test-folder';
import { serveStatic } from '../harness/serve-static';
import { haveTestModel, modelsDir, noTestModel, rememberWithTestModel, waitForIndexed } from '../harness/test-model';
import { unwrapUntrusted } from '../security/untrusted-block';
import {
  addFakeProvider,
  assistantMessages,
  callBackground,
  chatRequests,
  expect,
  openPanel,
  openSettingsSection,
  sendChat,
  test,
} from './fixtures';

interface Passage {
  url: string;
  fragmentUrl: string;
  title: string;
  text: string;
}
interface PageRow {
  url: string;
  title: string;
  kind?: string;
}

const call = (name: string, args: unknown) => ({ toolCalls: [{ name, arguments: JSON.stringify(args) }] });
const toolResults = (body: unknown) =>
  (body as { messages: { role: string; content: unknown }[] }).messages
    .filter((m) => m.role === 'tool')
    .map((m) => String(m.content));

/** Writes (or, with null, deletes) a file of the test folder, as a person editing it on disk would. */
async function editTestFolder(page: Page, folder: string, path: string, content: string | null) {
  await page.evaluate(
    async ({ folder, path, content }) => {
      const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(folder);
      const parts = path.split('/');
      let at = dir;
      for (const part of parts.slice(0, -1)) at = await at.getDirectoryHandle(part);
      if (content === null) return at.removeEntry(parts.at(-1)!);
      const writable = await (await at.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
      await writable.write(content);
      await writable.close();
    },
    { folder, path, content },
  );
}

const search = (page: Page, query: string) =>
  callBackground<Passage[]>(page, 'index.search', { query, mode: 'sparse' });

test('folder documents: indexed, found by the agent, cited to the viewer, re-indexed when changed, gone with the folder', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  test.skip(!haveTestModel(), noTestModel);
  test.setTimeout(180_000);
  const models = await serveStatic({}, { '/models/': modelsDir });
  try {
    await rememberWithTestModel(extPage, models.url);
    const pdf = await makePdf(
      [[{ text: 'Cover page of the folder report.' }], [{ text: 'Folder revenue was 7.3 million euros in Lisbon.' }]],
      'Folder report',
    );
    await openSettingsSection(extPage, extensionId, 'documents');
    const section = extPage.getByRole('region', { name: 'Documents' });
    await offerTestFolder(extPage, 'Docs', {
      'notes/plan.md': '# Plan\n\nSome opening words.\n\nThe launch code name is BLUEHERON and it ships in March.\n',
      'report.pdf': [...pdf],
      'photo.png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    });
    await section.getByRole('button', { name: 'Choose a folder…' }).click();
    await expect(section.getByTestId('documents-folder')).toHaveText('Docs');

    // The switch: the folder's documents go in, the image is skipped and counted.
    const report = section.getByTestId('folder-index-report');
    await section.getByRole('checkbox', { name: /Remember my documents/ }).check();
    await expect(report).toContainText('Documents in the index: 2 (2 indexed now, 0 unchanged, 0 removed).', {
      timeout: 60_000,
    });
    await expect(report).toContainText('Skipped: 1 not a supported type.');
    await waitForIndexed(extPage, 2);
    const listed = await callBackground<{ pages: PageRow[] }>(extPage, 'index.pages', {});
    const viewer = `chrome-extension://${extensionId}/viewer.html`;
    expect(listed.pages.map((p) => ({ url: p.url, kind: p.kind })).sort((a, b) => a.url.localeCompare(b.url))).toEqual([
      { url: `${viewer}?path=notes%2Fplan.md`, kind: 'folder' },
      { url: `${viewer}?path=report.pdf`, kind: 'folder' },
    ]);

    // The agent finds the passage with its path; the answer cites it to the viewer.
    const [hit] = await search(extPage, 'BLUEHERON launch code');
    expect(hit!.fragmentUrl).toMatch(new RegExp(`^${viewer}\\?path=notes%2Fplan\\.md#passage=.*BLUEHERON`));
    await addFakeProvider(extPage, llm);
    llm.enqueue(call('search_history', { query: 'launch code name' }), {
      text: [`The code name is BLUEHERON ([plan](${hit!.fragmentUrl})).`],
    });
    const panel = await openPanel(context, extensionId);
    await sendChat(panel, 'What is the launch code name in my notes?');
    const answer = assistantMessages(panel).last();
    await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 90_000 });
    const result = JSON.parse(unwrapUntrusted(toolResults(chatRequests(llm).at(-1)!.body).at(-1)!)) as {
      passages: { path?: string; fragmentUrl: string; text: string }[];
    };
    expect(result.passages[0]).toMatchObject({ path: 'notes/plan.md', fragmentUrl: hit!.fragmentUrl });
    expect(result.passages[0]!.text).toContain('BLUEHERON');

    const opening = context.waitForEvent('page');
    await answer.getByRole('link', { name: 'plan' }).click();
    const viewerPage = await opening;
    await viewerPage.waitForLoadState();
    expect(viewerPage.url()).toBe(hit!.fragmentUrl);
    await expect(viewerPage.getByRole('heading')).toHaveText(
      '“notes/plan.md” in the folder “Docs” (Markdown file, read-only)',
    );
    const mark = viewerPage.getByTestId('viewer-passage');
    await expect(mark).toContainText('BLUEHERON');
    await expect(mark).toBeInViewport();
    await expect(viewerPage.getByTestId('viewer-text')).toContainText('Some opening words.');
    await viewerPage.close();

    // A changed file replaces its chunks; a deleted one leaves the index.
    await editTestFolder(extPage, 'Docs', 'notes/plan.md', '# Plan\n\nThe launch code name is now GREENHERON.\n');
    await editTestFolder(extPage, 'Docs', 'report.pdf', null);
    await section.getByRole('button', { name: 'Re-index now' }).click();
    await expect(report).toContainText('Documents in the index: 1 (1 indexed now, 0 unchanged, 1 removed).', {
      timeout: 60_000,
    });
    await waitForIndexed(extPage, 1);
    expect(await search(extPage, 'BLUEHERON')).toEqual([]);
    expect(await search(extPage, 'Lisbon revenue')).toEqual([]);
    expect((await search(extPage, 'GREENHERON')).map((p) => p.url)).toEqual([`${viewer}?path=notes%2Fplan.md`]);
    // Nothing changed since: nothing is read or embedded again.
    await section.getByRole('button', { name: 'Re-index now' }).click();
    await expect(report).toContainText('Documents in the index: 1 (0 indexed now, 1 unchanged, 0 removed).');

    // The folder removed: its chunks go with it.
    await section.getByRole('button', { name: 'Stop using this folder' }).click();
    await expect(section.getByTestId('documents-folder')).toHaveText('No folder chosen.');
    await waitForIndexed(extPage, 0);
    expect(await search(extPage, 'GREENHERON')).toEqual([]);
  } finally {
    await models.close();
  }
});
