/** Queued messages, Esc to stop, the message box focused on open and a keyboard-scrollable message list. */
import { addFakeProvider, assistantMessages, chatRequests, expect, openPanel, sendChat, test } from './fixtures';

const openaiLastUser = (body: unknown) =>
  (body as { messages: { role: string; content: string }[] }).messages.filter((m) => m.role === 'user').at(-1)?.content;

test('a message typed while an answer runs shows at once as queued, and the answer takes it in when it gets there', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm, 'm');
  llm.enqueue(
    { text: ['Writing', ' a', ' fairly', ' long', ' answer', ' now.'], chunkDelayMs: 300 },
    { text: ['Noted your extra.'] },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Start');
  await expect(assistantMessages(panel).last()).toContainText('Writing');
  await sendChat(panel, 'Also this');
  const queued = panel.locator('.queued-message');
  await expect(queued).toHaveCount(1);
  await expect(queued.locator('.bubble')).toHaveText('Also this');
  await expect(queued).toContainText('Queued: sent when this answer ends.');
  // Still running when it showed: the answer had not finished.
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'streaming');

  const answer = assistantMessages(panel).last();
  await expect(answer).toHaveAttribute('data-status', 'complete');
  await expect(queued).toHaveCount(0);
  await expect(answer.locator('.interjection')).toHaveText('Also this');
  await expect(answer).toContainText('Noted your extra.');
  expect(openaiLastUser(chatRequests(llm)[1]!.body)).toBe('Also this');
});

test('Esc stops the answer; the queued message is kept and sent next', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm, 'm');
  llm.enqueue(
    { text: (i) => (i < 400 ? `w${i} ` : undefined), chunkDelayMs: 50 },
    { text: ['Answer to the next one.'] },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Write a lot');
  const first = assistantMessages(panel).first();
  await expect(first).toContainText('w3 ');
  await sendChat(panel, 'Next question');
  await expect(panel.locator('.queued-message')).toContainText('Next question');
  await panel.keyboard.press('Escape');
  await expect(first).toHaveAttribute('data-status', 'stopped');
  await expect(first.locator('.status')).toHaveText('Stopped');
  // The queued message became an ordinary message and was answered.
  await expect(panel.locator('.queued-message')).toHaveCount(0);
  await expect(panel.locator('.message.user:not(.interjection)')).toHaveText(['Write a lot', 'Next question']);
  await expect(assistantMessages(panel).last().locator('.markdown')).toHaveText('Answer to the next one.');
  expect(openaiLastUser(chatRequests(llm).at(-1)!.body)).toBe('Next question');
});

test('the message box has the focus when the panel opens, and the message list scrolls with the keyboard', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm, 'm');
  const panel = await openPanel(context, extensionId);
  await expect(panel.getByRole('textbox', { name: 'Message' })).toBeFocused();
  // Typing without clicking anywhere first goes into the message box.
  await panel.keyboard.type('Long one please');
  await panel.keyboard.press('Enter');
  llm.enqueue({ text: Array.from({ length: 80 }, (_, i) => `Paragraph ${i} of a long answer.\n\n`) });
  await sendChat(panel, 'And another');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');

  const log = panel.getByRole('log', { name: 'Messages' });
  await log.focus();
  await expect(log).toBeFocused();
  const top = () => log.evaluate((el) => el.scrollTop);
  // Keyboard scrolling is animated: read the position once it has come to rest.
  const settled = async () => {
    let last = await top();
    for (;;) {
      await panel.waitForTimeout(150);
      const now = await top();
      if (now === last) return now;
      last = now;
    }
  };
  await log.evaluate((el) => (el.scrollTop = el.scrollHeight));
  const bottom = await top();
  expect(bottom).toBeGreaterThan(0);
  await panel.keyboard.press('PageUp');
  const afterPageUp = await settled();
  expect(afterPageUp).toBeLessThan(bottom);
  await panel.keyboard.press('ArrowDown');
  expect(await settled()).toBeGreaterThan(afterPageUp);
  await panel.keyboard.press('Home');
  await expect.poll(top).toBe(0);
});

test('Shift+Enter starts a new line in the message box; Enter sends the message with its lines', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm, 'm');
  const panel = await openPanel(context, extensionId);
  const box = panel.getByRole('textbox', { name: 'Message' });
  await box.pressSequentially('line one');
  await box.press('Shift+Enter');
  await box.pressSequentially('line two');
  expect(chatRequests(llm)).toHaveLength(0);
  llm.enqueue({ text: ['Two lines.'] });
  await box.press('Enter');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  expect(openaiLastUser(chatRequests(llm).at(-1)!.body)).toBe('line one\nline two');
  expect(await panel.locator('.message.user .bubble').innerText()).toBe('line one\nline two');
  // Sent: the box is empty again, its placeholder showing.
  expect(await box.evaluate((el) => el.childNodes.length)).toBe(0);
});
