/**
 * Saved tasks end to end: a sent message saved as a task, run with `/name` (a placeholder filled in the composer)
 * and from the Tasks view (its start page opened first), edited and deleted in Settings → Tasks, and carried
 * through "Export everything" and "Import" (a bad task refused, nothing lost).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  addFakeProvider,
  assistantMessages,
  callBackground,
  chatRequests,
  composerText,
  expect,
  openPanel,
  openSettingsSection,
  sendChat,
  test,
} from './fixtures';

type TaskList = { tasks: { id: string; name: string; instruction: string; startUrl?: string }[]; skipped: number };

/** The text of the last user turn the model received. */
const lastUserText = (body: unknown) => {
  const users = (body as { messages: { role: string; content: unknown }[] }).messages.filter((m) => m.role === 'user');
  const content = users.at(-1)!.content;
  return typeof content === 'string' ? content : JSON.stringify(content);
};

test('save a message as a task, run it with /name and from the Tasks view', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  const site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>Hotel search</title><h1>Hotel search</h1><p>Find a room.</p>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const startUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/search`;
  try {
    await addFakeProvider(extPage, llm, 'm');
    llm.enqueue({ text: ['Here are hotels.'] }, { text: ['Lyon hotels.'] }, { text: ['Nice hotels.'] });
    const panel = await openPanel(context, extensionId);
    await sendChat(panel, 'Find hotels in Paris');
    await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');

    // Save as task: the message's text prefilled, a name proposed from it; the placeholder written in.
    await panel
      .getByRole('group', { name: 'Actions for this message' })
      .getByRole('button', { name: 'Save as task' })
      .click();
    const form = panel.getByRole('form', { name: 'Save as task' });
    await expect(form.getByRole('textbox', { name: 'Instruction' })).toHaveValue('Find hotels in Paris');
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('find-hotels-in-paris');
    // A name the composer could not complete is refused with the rule, and nothing is saved.
    await form.getByRole('textbox', { name: 'Name' }).fill('Hotels Please');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByRole('alert')).toContainText('lower-case letters');
    await form.getByRole('textbox', { name: 'Name' }).fill('hotels');
    await form.getByRole('textbox', { name: 'Instruction' }).fill('Find hotels in {city}');
    await form.getByRole('textbox', { name: 'Start page (optional)' }).fill('');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toHaveCount(0);
    await expect(panel.getByRole('status').filter({ hasText: 'Saved as /hotels.' })).toBeVisible();

    // `/` completes the name (arrows and Enter as in the @ menu); Enter on /hotels asks for {city}, then runs.
    await panel.getByRole('button', { name: 'New', exact: true }).click();
    const box = panel.getByRole('textbox', { name: 'Message' });
    await box.click();
    await panel.keyboard.type('/ho');
    const menu = panel.getByRole('listbox', { name: 'Saved tasks' });
    await expect(menu.getByRole('option')).toHaveText([/\/hotels/]);
    await panel.keyboard.press('Enter');
    await expect(menu).toHaveCount(0);
    await expect.poll(() => composerText(box)).toBe('/hotels');
    await panel.keyboard.press('Enter');
    const fill = panel.getByRole('form', { name: 'Values for /hotels' });
    await fill.getByRole('textbox', { name: 'city' }).fill('Lyon');
    await fill.getByRole('button', { name: 'Run task' }).click();
    await expect(assistantMessages(panel).last().locator('.markdown')).toHaveText('Lyon hotels.');
    expect(lastUserText(chatRequests(llm).at(-1)!.body)).toContain('Find hotels in Lyon');
    expect(lastUserText(chatRequests(llm).at(-1)!.body)).not.toContain('{city}');

    // From the Tasks view, with a start page: it opens in a new tab before the run, and the run reads it.
    const saved = await callBackground<TaskList>(extPage, 'tasks.list', {});
    await callBackground(extPage, 'tasks.save', { ...saved.tasks[0], startUrl });
    await panel.bringToFront();
    await panel.getByRole('button', { name: 'New', exact: true }).click();
    await panel.getByRole('button', { name: 'Tasks', exact: true }).click();
    await panel.getByRole('region', { name: 'Saved tasks' }).getByRole('button', { name: 'Run /hotels' }).click();
    await panel.getByRole('form', { name: 'Values for /hotels' }).getByRole('textbox', { name: 'city' }).fill('Nice');
    const opened = context.waitForEvent('page', { predicate: (p) => p.url().startsWith(startUrl) });
    await panel.getByRole('button', { name: 'Run task' }).click();
    await opened;
    await expect(assistantMessages(panel).last().locator('.markdown')).toHaveText('Nice hotels.');
    const sent = JSON.stringify(chatRequests(llm).at(-1)!.body);
    expect(sent).toContain('Find hotels in Nice');
    expect(sent).toContain('Hotel search');
  } finally {
    site.closeAllConnections();
    site.close();
  }
});

test('edit and delete a task in Settings → Tasks; export and import carry tasks, a bad one is refused', async ({
  extensionId,
  extPage,
}) => {
  await callBackground(extPage, 'tasks.save', { name: 'weekly-report', instruction: 'Summarise {week}' });
  await openSettingsSection(extPage, extensionId, 'tasks');
  const section = extPage.getByRole('region', { name: 'Tasks' });
  await expect(section.getByText('/weekly-report')).toBeVisible();
  await expect(section.getByText('Asks for: week')).toBeVisible();
  await section.getByRole('button', { name: 'Edit weekly-report' }).click();
  const form = section.getByRole('form', { name: 'Edit task /weekly-report' });
  await form.getByRole('textbox', { name: 'Instruction' }).fill('Summarise {week} for {team}');
  // A start page navigate would refuse is refused here too.
  await form.getByRole('textbox', { name: 'Start page (optional)' }).fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toContainText('http');
  await form.getByRole('textbox', { name: 'Start page (optional)' }).fill('');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(section.getByText('Asks for: week, team')).toBeVisible();

  // Export, delete, import: the task is back as it was.
  const file = await callBackground<{ tasks: unknown[] }>(extPage, 'data.export', {});
  expect(file.tasks).toEqual([
    expect.objectContaining({ name: 'weekly-report', instruction: 'Summarise {week} for {team}' }),
  ]);
  await section.getByRole('button', { name: 'Delete weekly-report' }).click();
  await expect(section.getByText('/weekly-report')).toHaveCount(0);
  expect((await callBackground<TaskList>(extPage, 'tasks.list', {})).tasks).toEqual([]);
  const result = await callBackground<{ tasks: number }>(extPage, 'data.import', { text: JSON.stringify(file) });
  expect(result.tasks).toBe(1);
  const back = await callBackground<TaskList>(extPage, 'tasks.list', {});
  expect(back.tasks.map((k) => k.instruction)).toEqual(['Summarise {week} for {team}']);

  // A file whose task would open a javascript: page is refused whole, saying which task; nothing here is lost.
  const bad = { ...file, tasks: [{ ...(file.tasks[0] as object), name: 'evil', startUrl: 'javascript:alert(1)' }] };
  const reply = await extPage.evaluate(
    (text) => chrome.runtime.sendMessage({ tabwise: 'background', name: 'data.import', data: { text } }),
    JSON.stringify(bad),
  );
  expect(JSON.stringify(reply)).toContain('evil');
  expect(reply.ok).toBeFalsy();
  expect((await callBackground<TaskList>(extPage, 'tasks.list', {})).tasks.map((k) => k.name)).toEqual([
    'weekly-report',
  ]);
});
