/** Per-message actions drawn by the panel: copy, regenerate (and its versions), continue after Stop, edit and resend, delete. */
import {
  addFakeProvider,
  assistantMessages,
  callBackground,
  chatRequests,
  composerText,
  expect,
  openPanel,
  sendChat,
  test,
} from './fixtures';
import { lookAt } from './look';

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
  await addFakeProvider(extPage, llm, 'm');
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

  // Regenerate: a new answer to the same question is shown in the last answer's place (the first stays as a version).
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
  await addFakeProvider(extPage, llm, 'm');
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

type Sent = { role: string; content: string | null }[];
/** The conversation a request carried, without its system prompt. */
const conversationIn = (body: unknown) =>
  (body as { messages: Sent }).messages.filter((m) => m.role !== 'system').map((m) => `${m.role}:${m.content}`);

test('regenerate keeps every answer as a version: the pager switches, a reload keeps it, the next message continues from it', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm, 'm');
  llm.enqueue(
    { text: ['The first ', 'answer.'] },
    { text: ['The second ', 'answer.'] },
    { text: ['The third ', 'answer.'] },
    { text: ['Going on from ', 'the first.'] },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Tell me');
  const answer = assistantMessages(panel).last();
  await expect(answer).toHaveAttribute('data-status', 'complete');
  const actions = panel.getByRole('group', { name: 'Actions for this answer' });
  // One version: no pager.
  await expect(actions.getByRole('button', { name: 'Regenerate' })).toBeEnabled();
  await expect(actions.getByRole('button', { name: 'Previous version' })).toHaveCount(0);

  for (const text of ['The second answer.', 'The third answer.']) {
    await actions.getByRole('button', { name: 'Regenerate' }).click();
    await expect(answer.locator('.markdown')).toHaveText(text);
    await expect(answer).toHaveAttribute('data-status', 'complete');
  }
  await expect(assistantMessages(panel)).toHaveCount(1);
  await expect(actions.getByText('3 / 3')).toBeVisible();
  // What a screen reader says of the counter.
  await expect(actions.getByText('Version 3 of 3')).toHaveCount(1);
  await expect(actions.getByRole('button', { name: 'Next version' })).toBeDisabled();
  await lookAt(panel, 'answer-versions');

  await actions.getByRole('button', { name: 'Previous version' }).click();
  await expect(actions.getByText('2 / 3')).toBeVisible();
  await expect(answer.locator('.markdown')).toHaveText('The second answer.');
  await actions.getByRole('button', { name: 'Previous version' }).click();
  await expect(actions.getByText('1 / 3')).toBeVisible();
  await expect(answer.locator('.markdown')).toHaveText('The first answer.');
  await expect(actions.getByRole('button', { name: 'Previous version' })).toBeDisabled();
  await expect(actions.getByRole('button', { name: 'Next version' })).toBeEnabled();
  // Stored with the conversation: the version shown is the record's text.
  await expect.poll(() => stored(extPage)).toEqual(['user:Tell me', 'assistant:The first answer.']);

  await panel.reload();
  await expect(assistantMessages(panel).last().locator('.markdown')).toHaveText('The first answer.');
  await expect(actions.getByText('1 / 3')).toBeVisible();

  await sendChat(panel, 'And then?');
  await expect(assistantMessages(panel).last().locator('.markdown')).toHaveText('Going on from the first.');
  expect(conversationIn(chatRequests(llm)[3]!.body)).toEqual([
    'user:Tell me',
    'assistant:The first answer.',
    'user:And then?',
  ]);
});

test('Stop offers Continue: the model is asked to go on from the partial answer, and the rest joins the same answer', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm, 'm');
  const slow = { text: (i: number) => (i < 400 ? `w${i} ` : undefined), chunkDelayMs: 50 };
  llm.enqueue(slow, slow, { text: ['and the ', 'rest.'] });
  const panel = await openPanel(context, extensionId);
  const continueButtons = panel.getByRole('button', { name: 'Continue' });

  await sendChat(panel, 'Write a lot');
  await expect(assistantMessages(panel).last()).toContainText('w3 ');
  await expect(continueButtons).toHaveCount(0);
  await panel.getByRole('button', { name: 'Stop' }).click();
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'stopped');
  await expect(
    panel.getByRole('group', { name: 'Actions for this answer' }).getByRole('button', { name: 'Continue' }),
  ).toBeVisible();
  await lookAt(panel, 'stopped-continue');

  // A new message: the stopped answer is no longer the one the conversation ends with, and Continue goes.
  await sendChat(panel, 'Write more');
  await expect(continueButtons).toHaveCount(0);
  const answer = assistantMessages(panel).last();
  await expect(answer).toContainText('w3 ');
  await panel.getByRole('button', { name: 'Stop' }).click();
  await expect(answer).toHaveAttribute('data-status', 'stopped');
  await expect(continueButtons).toHaveCount(1);
  await expect(
    panel.getByRole('group', { name: 'Actions for this answer' }).last().getByRole('button', { name: 'Continue' }),
  ).toBeVisible();
  const partial = (await stored(extPage)).at(-1)!.replace(/^assistant:/, '');
  expect(partial).toMatch(/^w0 w1 w2 w3 /);

  await continueButtons.click();
  await expect(answer).toHaveAttribute('data-status', 'complete');
  await expect(answer.locator('.markdown')).toHaveText(`${partial}and the rest.`);
  await expect(answer.locator('.status')).toHaveCount(0);
  await expect(continueButtons).toHaveCount(0);
  await expect(assistantMessages(panel)).toHaveCount(2);
  // The request ends with the partial answer and the instruction to go on from it.
  const sent = conversationIn(chatRequests(llm)[2]!.body);
  expect(sent.slice(0, -1)).toEqual([
    `user:Write a lot`,
    expect.stringMatching(/^assistant:w0 w1 w2 w3 /),
    'user:Write more',
    `assistant:${partial}`,
  ]);
  expect(sent.at(-1)).toMatch(
    /^user:\(The user stopped your previous reply .* continue it\. Continue exactly from where it stopped/,
  );
  expect((await stored(extPage)).at(-1)).toBe(`assistant:${partial}and the rest.`);
});
