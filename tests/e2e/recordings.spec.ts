/**
 * Recordings end to end (issue 28), on a React page whose ids and class names change with every load: what the
 * user does is recorded by the real recorder (trusted input from Playwright), edited in the panel (a typed value
 * made a parameter) and saved as a task; its replay on a fresh load makes no model request at all; a replay on a
 * page where a step no longer matches asks the model once, with the step and the page as marked data, and finishes.
 */
import type { Page } from '@playwright/test';
import type { RecordedRequest } from '../fake-llm/recorded-request';
import { addFakeProvider, assistantMessages, callBackground, chatRequests, expect, openPanel, test } from './fixtures';
import { settleRun } from './drive-tab-run';
import { runSavedTask, startRecording, typeItem, ADD_ITEM } from './recording-helpers';

type TaskList = { tasks: { id: string; name: string; kind: string; steps?: unknown[] }[] };
const items = async (page: Page) =>
  (JSON.parse((await page.locator('#state').textContent()) ?? '{}') as { items: { name: string; priority: string }[] })
    .items;

test('record in the page, edit the steps, save; the replay on a re-rendered page makes no model call', async ({
  context,
  fixturePages,
  llm,
  extPage,
}) => {
  const { page, panel } = await fixturePages.setUp('recording');
  const firstClass = await page.getByRole('button', { name: 'Add item' }).getAttribute('class');
  await startRecording(panel);
  await expect(panel.getByRole('status').filter({ hasText: 'Recording what you do' })).toContainText('0 steps');

  // The user types an item, picks a priority with the keyboard, and clicks Add item (trusted input, as a person's).
  await page.bringToFront();
  await page.getByRole('textbox', { name: 'New item' }).click();
  await page.keyboard.type('Milk');
  await page.getByRole('combobox', { name: 'Priority' }).focus();
  await page.keyboard.press('ArrowDown');
  await page.getByRole('button', { name: 'Add item' }).click();
  expect(await items(page)).toEqual([
    { name: 'Bread', priority: 'Low' },
    { name: 'Milk', priority: 'High' },
  ]);
  // A click a page script makes is not the user's: not recorded.
  await page.evaluate(() => (document.querySelectorAll('button')[1] as HTMLButtonElement).click());
  expect(await items(page)).toEqual([]);

  await panel.bringToFront();
  await expect(panel.getByRole('status').filter({ hasText: 'Recording what you do' })).toContainText('3 steps');
  await panel.getByRole('button', { name: 'Stop recording' }).click();
  const editor = panel.getByRole('form', { name: 'Recorded steps' });
  const stepTexts = () =>
    editor
      .getByRole('textbox', { name: /^Name of step/ })
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  await expect
    .poll(stepTexts)
    .toEqual([
      'Type “Milk” into textbox “New item”',
      'Choose “High” in combobox “Priority”',
      'Click button “Add item”',
    ]);
  // The typed value becomes {item}; the choice stays as recorded.
  await editor.getByRole('textbox', { name: 'Parameter name for step 1' }).fill('item');
  await editor.getByRole('listitem').first().getByRole('button', { name: 'Make parameter' }).click();
  await expect(editor.getByRole('textbox', { name: 'Name of step 1' })).toHaveValue(
    'Type “{item}” into textbox “New item”',
  );
  await editor.getByRole('textbox', { name: 'Name', exact: true }).fill('add-item');
  await editor.getByRole('button', { name: 'Save as task' }).click();
  await expect(editor).toHaveCount(0);
  const saved = await callBackground<TaskList>(extPage, 'tasks.list', {});
  expect(saved.tasks.map((k) => [k.name, k.kind, k.steps?.length])).toEqual([['add-item', 'recording', 3]]);

  // Run it from the Tasks view: the start page opens in a new tab (a fresh render: new ids and classes).
  const replayed = await runSavedTask(context, panel, 'add-item', `${fixturePages.url}recording.html`, async () => {
    await panel.getByRole('form', { name: 'Values for /add-item' }).getByRole('textbox', { name: 'item' }).fill('Eggs');
    await panel.getByRole('button', { name: 'Run task' }).click();
  });
  const asked = await settleRun(panel, () => 'approve');
  expect(asked.map((a) => a.tool)).toContain('click');
  await expect(assistantMessages(panel).last()).toContainText('Replayed all 3 steps of /add-item.');
  expect(await replayed.getByRole('button', { name: 'Add item' }).getAttribute('class')).not.toBe(firstClass);
  expect(await items(replayed)).toEqual([
    { name: 'Bread', priority: 'Low' },
    { name: 'Eggs', priority: 'High' },
  ]);
  // No request reached the model: not for the steps, not for a title.
  expect(llm.requests.filter((r: RecordedRequest) => r.method === 'POST')).toEqual([]);
});

test('a replay on a page where a step no longer matches asks the model once, then goes on', async ({
  context,
  extensionId,
  fixturePages,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm, 'm');
  const startUrl = `${fixturePages.url}recording.html?layout=changed`;
  await callBackground(extPage, 'tasks.save', {
    name: 'add-milk',
    instruction: 'Add milk to the shopping list',
    startUrl,
    steps: [typeItem('Milk'), ADD_ITEM, typeItem('Tea')],
  });
  // The model finds what "Add item" became, from the page it is shown.
  llm.enqueue((req) => {
    const body = JSON.stringify(req.body);
    const ref = /\\"ref\\":\\"(\w+)\\",\\"role\\":\\"button\\",\\"name\\":\\"Save entry\\"/.exec(body)?.[1];
    return { toolCalls: [{ name: 'click', arguments: JSON.stringify({ key: ref ?? 'missing' }) }] };
  });
  const panel = await openPanel(context, extensionId);
  const page = await runSavedTask(context, panel, 'add-milk', startUrl);
  await settleRun(panel, () => 'approve');
  await expect(assistantMessages(panel).last()).toContainText('Replayed all 3 steps of /add-milk.');
  expect((await items(page)).map((i) => i.name)).toEqual(['Bread', 'Milk']);
  await expect(page.getByRole('textbox', { name: 'New item' })).toHaveValue('Tea');
  const requests = chatRequests(llm);
  expect(requests).toHaveLength(1);
  const sent = JSON.stringify(requests[0]!.body);
  // The step's description and the page reach the model as marked page data, with the recording's intent.
  expect(sent).toContain('Add milk to the shopping list');
  expect(sent).toMatch(
    /untrusted_page_content boundary=\\"[0-9a-z]+\\" source=\\"recording\\">\\nclick the button \\"Add item\\"/,
  );
  expect(sent).toContain('Save entry');
});
