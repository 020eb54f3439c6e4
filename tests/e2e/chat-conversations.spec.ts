/** The history list: search titles and content, rename, delete with Undo, export one as Markdown or JSON. */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  addFakeProvider,
  assistantMessages,
  callBackground,
  expect,
  isTitleRequest,
  openPanel,
  sendChat,
  test,
} from './fixtures';
import { lookAt } from './look';

async function converse(panel: Page, question: string) {
  await panel.getByRole('button', { name: 'New' }).click();
  await sendChat(panel, question);
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
}

test('search finds conversations by title and by content; rename changes the title everywhere', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm, 'm');
  // Titles of our own instead of the fixture's one canned title.
  llm.reset();
  let titles = 0;
  llm.respondTo(isTitleRequest, () => ({ text: [['Bread baking', 'Tax questions'][titles++] ?? 'Other'] }));
  llm.enqueue({ text: ['Proof it for four hours.'] }, { text: ['Box 12 holds the charity expenses.'] });
  const panel = await openPanel(context, extensionId);
  await converse(panel, 'How long should sourdough proof?');
  await converse(panel, 'Where do donations go on the form?');
  await panel.getByRole('button', { name: 'History' }).click();
  const list = panel.getByRole('navigation', { name: 'Past conversations' });
  await expect(list.locator('li .title')).toHaveText(['Tax questions', 'Bread baking']);

  const search = list.getByRole('searchbox', { name: 'Search conversations' });
  await search.fill('bread');
  await expect(list.locator('li .title')).toHaveText(['Bread baking']);
  // Content: a word only in an answer.
  await search.fill('charity');
  await expect(list.locator('li .title')).toHaveText(['Tax questions']);
  await expect(list.locator('li .snippet')).toContainText('Box 12 holds the charity expenses.');
  await lookAt(panel, 'history-search');
  // At the panel's narrowest the results fit its width (nothing scrolls sideways).
  await panel.setViewportSize({ width: 320, height: 640 });
  expect(await list.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await search.fill('nothing like this');
  await expect(list).toContainText('No conversation matches.');
  await search.fill('');
  await expect(list.locator('li .title')).toHaveCount(2);
  await expect(list.getByRole('heading')).toHaveText(['Today']);

  // A row's actions show while it is hovered (or holds the focus), in words.
  const bread = list.locator('li', { hasText: 'Bread baking' });
  const actionsHeight = () => bread.locator('.row-actions').evaluate((el) => el.getBoundingClientRect().height);
  await panel.mouse.move(0, 0);
  await list.getByRole('searchbox').focus();
  expect(await actionsHeight()).toBe(0);
  await bread.hover();
  expect(await actionsHeight()).toBeGreaterThan(10);
  await expect(bread.getByRole('group', { name: 'Actions for Bread baking' }).getByRole('button')).toHaveText([
    'Rename',
    'Export as Markdown',
    'Export as JSON',
    'Delete',
  ]);
  await lookAt(panel, 'history-row-actions');
  await bread.hover();
  await bread.getByRole('button', { name: 'Rename' }).click();
  const name = list.getByRole('textbox', { name: 'New name' });
  await expect(name).toBeFocused();
  await name.fill('Sourdough notes');
  await name.press('Enter');
  await expect(list.locator('li .title')).toHaveText(['Tax questions', 'Sourdough notes']);
  await list.getByRole('button', { name: /^Sourdough notes/ }).click();
  await expect(panel.locator('.conv-title')).toHaveText('Sourdough notes');
  const stored = await callBackground<{ title: string }[]>(extPage, 'conversations.list', {});
  expect(stored.map((c) => c.title).sort()).toEqual(['Sourdough notes', 'Tax questions']);
});

test('delete shows Undo: Undo brings the conversation back; without it, it and its journal are gone after the window', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm, 'm');
  const panel = await openPanel(context, extensionId);
  await converse(panel, 'Remember this one');
  const id = (await callBackground<{ id: string }[]>(extPage, 'conversations.list', {}))[0]!.id;
  const runs = async () =>
    (await callBackground<{ messages: { runId?: string }[] }>(extPage, 'conversations.get', { id })).messages.flatMap(
      (m) => (m.runId ? [m.runId] : []),
    );
  const [runId] = await runs();
  expect(await callBackground<{ steps: unknown[] }>(extPage, 'runs.inspect', { runId })).toMatchObject({ runId });

  await panel.getByRole('button', { name: 'History' }).click();
  const list = panel.getByRole('navigation', { name: 'Past conversations' });
  await list.locator('li', { hasText: 'Canned title' }).hover();
  await list.getByRole('group', { name: 'Actions for Canned title' }).getByRole('button', { name: 'Delete' }).click();
  const toast = panel.getByRole('status').filter({ hasText: 'Deleted “Canned title”.' });
  await expect(toast).toBeVisible();
  await expect(list.locator('li')).toHaveCount(0);
  // The panel left the deleted conversation.
  await expect(panel.locator('.message')).toHaveCount(0);
  expect(await callBackground<unknown[]>(extPage, 'conversations.list', {})).toEqual([]);

  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(list.locator('li .title')).toHaveText(['Canned title']);
  await expect(toast).toHaveCount(0);
  expect((await callBackground<{ id: string }[]>(extPage, 'conversations.list', {})).map((c) => c.id)).toEqual([id]);
  // Restored whole: its messages and its run journal are still there.
  await list.getByRole('button', { name: /^Canned title/ }).click();
  await expect(panel.locator('.message.user')).toHaveText(['Remember this one']);
  expect(await runs()).toEqual([runId]);

  await panel.getByRole('button', { name: 'History' }).click();
  // From the keyboard: focusing the row's action shows it.
  const del = list.getByRole('group', { name: 'Actions for Canned title' }).getByRole('button', { name: 'Delete' });
  await del.focus();
  await expect(del).toBeVisible();
  await del.press('Enter');
  await expect(toast).toBeVisible();
  // The undo window is 8 s; once it is over the toast goes and the deletion is final.
  await expect(toast).toHaveCount(0, { timeout: 12_000 });
  await expect
    .poll(
      async () =>
        callBackground(extPage, 'runs.inspect', { runId }).then(
          () => 'kept',
          () => 'gone',
        ),
      { timeout: 5_000 },
    )
    .toBe('gone');
  await expect(callBackground(extPage, 'conversations.restore', { id })).rejects.toThrow(/Too late to undo/);
});

test('a conversation exports as Markdown and as JSON', async ({ context, extensionId, llm, extPage }) => {
  await addFakeProvider(extPage, llm, 'm');
  llm.enqueue({ text: ['Use **rye** flour.'] });
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Which flour?');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  await panel.getByRole('button', { name: 'History' }).click();
  const row = panel.getByRole('group', { name: 'Actions for Canned title' });
  await panel.locator('.history li', { hasText: 'Canned title' }).hover();

  const [md] = await Promise.all([
    panel.waitForEvent('download'),
    row.getByRole('button', { name: 'Export as Markdown' }).click(),
  ]);
  expect(md.suggestedFilename()).toBe('Canned title.md');
  const markdown = await readFile((await md.path())!, 'utf8');
  expect(markdown).toContain('# Canned title');
  expect(markdown).toContain('## You\n\nWhich flour?');
  expect(markdown).toContain('## Tabwise (Fake · m)\n\nUse **rye** flour.');

  const [json] = await Promise.all([
    panel.waitForEvent('download'),
    row.getByRole('button', { name: 'Export as JSON' }).click(),
  ]);
  expect(json.suggestedFilename()).toBe('Canned title.json');
  const data = JSON.parse(await readFile((await json.path())!, 'utf8'));
  expect(data).toMatchObject({ format: 'tabwise.conversation', version: 1, conversation: { title: 'Canned title' } });
  expect(data.messages.map((m: { role: string; text: string }) => [m.role, m.text])).toEqual([
    ['user', 'Which flour?'],
    ['assistant', 'Use **rye** flour.'],
  ]);
});
