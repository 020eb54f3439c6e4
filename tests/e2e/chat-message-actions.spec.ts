/** Per-message actions drawn by the panel: copy, regenerate, edit and resend, delete. */
import {
  addProvider,
  assistantMessages,
  callBackground,
  chatRequests,
  composerText,
  expect,
  openPanel,
  sendChat,
  test,
} from './fixtures';

type Stored = { messages: { role: string; text: string }[] };
const openaiUsers = (body: unknown) =>
  (body as { messages: { role: string; content: string }[] }).messages
    .filter((m) => m.role === 'user')
    .map((m) => m.content);

async function stored(extPage: Parameters<typeof callBackground>[0]) {
  const convs = await callBackground<{ id: string }[]>(extPage, 'conversations.list', {});
  const s = await callBackground<Stored>(extPage, 'conversations.get', { id: convs[0]!.id });
  return s.messages.map((m) => `${m.role}:${m.text}`);
}

test('copy an answer, regenerate it, edit the question and resend, delete a message', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addProvider(extPage, { kind: 'openai-compatible', name: 'Fake', baseUrl: llm.openaiBaseUrl, model: 'm' });
  llm.enqueue(
    { text: ['The **first** ', 'answer.'] },
    { text: ['A second ', 'take.'] },
    { text: ['Answer to ', 'the edit.'] },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'What is it?');
  const answer = assistantMessages(panel).last();
  await expect(answer).toHaveAttribute('data-status', 'complete');
  const answerActions = panel.getByRole('group', { name: 'Actions for this answer' });

  // Copy: the answer's Markdown source, by a button the panel draws outside the answer.
  await expect(answer.getByRole('button', { name: 'Copy answer' })).toHaveCount(0);
  await answerActions.getByRole('button', { name: 'Copy answer' }).click();
  await expect(answerActions.getByRole('button', { name: 'Copied' })).toBeVisible();
  // What was copied, pasted the way a user would: into the message box.
  const box = panel.getByRole('textbox', { name: 'Message' });
  await box.focus();
  await panel.keyboard.press('ControlOrMeta+V');
  await expect.poll(() => composerText(box)).toBe('The **first** answer.');
  await box.fill('');

  // Regenerate: the last answer is replaced by a new one to the same question.
  await answerActions.getByRole('button', { name: 'Regenerate' }).click();
  await expect(assistantMessages(panel)).toHaveCount(1);
  await expect(assistantMessages(panel).last().locator('.markdown')).toHaveText('A second take.');
  expect(openaiUsers(chatRequests(llm)[1]!.body)).toEqual(['What is it?']);
  expect(await stored(extPage)).toEqual(['user:What is it?', 'assistant:A second take.']);

  // Edit the question and resend: the conversation continues from the edited message.
  await panel.getByRole('group', { name: 'Actions for this message' }).getByRole('button', { name: 'Edit' }).click();
  const editor = panel.getByRole('textbox', { name: 'Edit message' });
  await expect(editor).toBeFocused();
  await expect(editor).toHaveValue('What is it?');
  await editor.fill('What is it, really?');
  await panel.getByRole('button', { name: 'Save & send' }).click();
  await expect(panel.locator('.message.user')).toHaveText(['What is it, really?']);
  await expect(assistantMessages(panel)).toHaveCount(1);
  await expect(assistantMessages(panel).last().locator('.markdown')).toHaveText('Answer to the edit.');
  expect(openaiUsers(chatRequests(llm)[2]!.body)).toEqual(['What is it, really?']);
  expect(await stored(extPage)).toEqual(['user:What is it, really?', 'assistant:Answer to the edit.']);

  // Delete the answer: gone from the panel and from storage.
  await panel
    .getByRole('group', { name: 'Actions for this answer' })
    .getByRole('button', { name: 'Delete this answer' })
    .click();
  await expect(assistantMessages(panel)).toHaveCount(0);
  await expect(panel.locator('.message.user')).toHaveText(['What is it, really?']);
  expect(await stored(extPage)).toEqual(['user:What is it, really?']);
});

test('Escape in the editor cancels the edit and keeps the message; actions wait while an answer runs', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addProvider(extPage, { kind: 'openai-compatible', name: 'Fake', baseUrl: llm.openaiBaseUrl, model: 'm' });
  llm.enqueue({ text: ['ok'] }, { text: (i) => (i < 200 ? `w${i} ` : undefined), chunkDelayMs: 50 });
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Keep me');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  await panel.getByRole('group', { name: 'Actions for this message' }).getByRole('button', { name: 'Edit' }).click();
  await panel.getByRole('textbox', { name: 'Edit message' }).fill('changed');
  await panel.keyboard.press('Escape');
  await expect(panel.getByRole('textbox', { name: 'Edit message' })).toHaveCount(0);
  await expect(panel.locator('.message.user')).toHaveText(['Keep me']);

  await sendChat(panel, 'Long one');
  await expect(assistantMessages(panel).last()).toContainText('w2 ');
  for (const group of await panel.getByRole('group', { name: /Actions for this/ }).all()) {
    for (const name of ['Edit', 'Regenerate', /^Delete/]) {
      const button = group.getByRole('button', { name });
      if (await button.count()) await expect(button).toBeDisabled();
    }
  }
  await panel.getByRole('button', { name: 'Stop' }).click();
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'stopped');
});
