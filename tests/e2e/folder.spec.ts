/**
 * A folder of your own, through the built extension: the user picks a folder in Settings → Documents (a real
 * File System Access handle, of the Origin Private File System: see tests/harness/offer-test-folder.ts), and the
 * model lists it, searches it and reads a Markdown file and a PDF in it, through the fake LLM. What the model
 * receives is read off the fake LLM's requests; what the user sees, off the settings page and the cards.
 */
import { makePdf } from '../documents/make-documents';
import { offerTestFolder } from '../harness/offer-test-folder';
import { unwrapUntrusted } from '../security/untrusted-block';
import {
  addFakeProvider,
  assistantMessages,
  chatRequests,
  expect,
  openPanel,
  openSettingsSection,
  sendChat,
  test,
  toolCall,
  toolCard,
  toolResults,
} from './fixtures';

const toolNames = (body: unknown) =>
  ((body as { tools?: { function: { name: string } }[] }).tools ?? []).map((t) => t.function.name);

test('a picked folder: the model lists it, searches it and reads a Markdown file and a PDF in it', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  test.setTimeout(120_000);
  await addFakeProvider(extPage, llm);
  const pdf = await makePdf([[{ text: 'Folder revenue was 7.3 million euros.' }]], 'Folder report');
  await openSettingsSection(extPage, extensionId, 'documents');
  const section = extPage.getByRole('region', { name: 'Documents' });
  await expect(section.getByTestId('documents-folder')).toHaveText('No folder chosen.');
  await offerTestFolder(extPage, 'Docs', {
    'notes/plan.md': '# Plan\nThe launch code name is BLUEHERON.\n',
    'notes/todo.txt': 'buy milk\nCall the BlueHeron team\n',
    'report.pdf': [...pdf],
    'big.txt': `blueheron ${'x'.repeat(1_100_000)}`,
  });
  await section.getByRole('button', { name: 'Choose a folder…' }).click();
  await expect(section.getByRole('status')).toHaveText('The assistant can now read the folder “Docs”.');
  await expect(section.getByTestId('documents-folder')).toHaveText('Docs');
  // Kept: a new settings page shows it still.
  await extPage.reload();
  await expect(section.getByTestId('documents-folder')).toHaveText('Docs');
  await expect(section.getByRole('button', { name: 'Choose another folder…' })).toBeVisible();

  llm.enqueue(
    toolCall('list_files', { recursive: true }),
    toolCall('search_files', { query: 'blueheron' }),
    toolCall('read_file', { path: 'notes/plan.md' }),
    toolCall('read_file', { path: 'report.pdf' }),
    { text: ['The code name is BLUEHERON and revenue was 7.3 million euros.'] },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'What is in my folder about the launch?');
  const answer = assistantMessages(panel).last();
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 90_000 });

  const requests = chatRequests(llm);
  expect(toolNames(requests[0]!.body)).toEqual(
    expect.arrayContaining(['list_files', 'stat_file', 'read_file', 'search_files']),
  );
  const [listed, found, plan, report] = toolResults(requests.at(-1)!.body).map(
    (r) => JSON.parse(unwrapUntrusted(r)) as Record<string, unknown>,
  );
  expect((listed!.entries as { path: string }[]).map((e) => e.path)).toEqual([
    'big.txt',
    'notes',
    'report.pdf',
    'notes/plan.md',
    'notes/todo.txt',
  ]);
  expect(found!.matches).toEqual([
    { path: 'notes/plan.md', line: 2, text: 'The launch code name is BLUEHERON.' },
    { path: 'notes/todo.txt', line: 2, text: 'Call the BlueHeron team' },
  ]);
  expect(found!.notes).toEqual(
    expect.arrayContaining([
      '1 files larger than 1 MB were not searched.',
      expect.stringContaining('1 files that are not plain text'),
    ]),
  );
  expect(plan).toMatchObject({
    folder: 'Docs',
    path: 'notes/plan.md',
    markdown: '# Plan\nThe launch code name is BLUEHERON.\n',
  });
  expect(report).toMatchObject({
    path: 'report.pdf',
    title: 'Folder report',
    type: 'PDF',
    markdown: '--- Page 1 ---\nFolder revenue was 7.3 million euros.',
  });
  // The cards: each call done, the folder named, the paths and the matching lines shown.
  for (const tool of ['list_files', 'search_files'])
    await expect(toolCard(panel, tool)).toHaveAttribute('data-status', 'done');
  await expect(toolCard(panel, 'read_file')).toHaveCount(2);
  await expect(toolCard(panel, 'list_files')).toContainText('In the folder “Docs”');
  await expect(toolCard(panel, 'list_files')).toContainText('notes/plan.md');
  await expect(toolCard(panel, 'search_files')).toContainText('notes/todo.txt:2');
  await expect(toolCard(panel, 'search_files')).toContainText('Call the BlueHeron team');
  await expect(toolCard(panel, 'read_file').last()).toContainText('Folder revenue was 7.3 million euros.');

  // Stopping: the tools are no longer offered, and a call made anyway says no folder is chosen.
  await section.getByRole('button', { name: 'Stop using this folder' }).click();
  await expect(section.getByTestId('documents-folder')).toHaveText('No folder chosen.');
  llm.enqueue(toolCall('read_file', { path: 'notes/plan.md' }), { text: ['No folder.'] });
  await sendChat(panel, 'Read the plan again.');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete', { timeout: 60_000 });
  const after = chatRequests(llm);
  expect(toolNames(after.at(-2)!.body)).not.toContain('read_file');
  expect(toolResults(after.at(-1)!.body).at(-1)).toContain('No folder is chosen');
});
