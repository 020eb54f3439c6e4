/** The panel's model switcher: models grouped by provider, applied to one conversation, the default untouched. */
import {
  addProvider,
  assistantMessages,
  callBackground,
  chatRequests,
  expect,
  openPanel,
  sendChat,
  test,
} from './fixtures';

test('switching the model applies to this conversation and the new chats after it; the default in Settings stays', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  llm.models = ['fake-a', 'fake-b'];
  const local = await addProvider(extPage, {
    kind: 'openai-compatible',
    name: 'Local fake',
    baseUrl: llm.openaiBaseUrl,
    model: 'fake-a',
  });
  await addProvider(extPage, {
    kind: 'anthropic',
    name: 'Claude fake',
    baseUrl: llm.anthropicBaseUrl,
    model: 'fake-a',
    apiKey: 'k-1',
  });
  const panel = await openPanel(context, extensionId);
  const picker = panel.getByRole('combobox', { name: 'Model for this conversation' });
  // Models, grouped under their provider's name.
  await expect(picker.locator('optgroup')).toHaveCount(2);
  expect(
    await picker
      .locator('optgroup')
      .evaluateAll((gs) =>
        gs.map((g) => [g.getAttribute('label'), [...g.querySelectorAll('option')].map((o) => o.textContent)]),
      ),
  ).toEqual([
    ['Local fake', ['fake-a', 'fake-b']],
    ['Claude fake', ['fake-a', 'fake-b']],
  ]);
  await expect(picker.locator('option:checked')).toHaveText('fake-a');

  // Chosen before the first message: the new conversation answers with it.
  await picker.selectOption({ label: 'fake-b' });
  await sendChat(panel, 'Which model?');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  await expect(assistantMessages(panel).last().locator('.meta')).toContainText('Local fake · fake-b');
  expect((chatRequests(llm).at(-1)!.body as { model: string }).model).toBe('fake-b');

  // Switched mid-conversation to the other provider's model: the next answer comes from there.
  const claudeB = await picker
    .locator('optgroup[label="Claude fake"] option', { hasText: 'fake-b' })
    .getAttribute('value');
  await picker.selectOption(claudeB!);
  await sendChat(panel, 'And now?');
  await expect(assistantMessages(panel)).toHaveCount(2);
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  await expect(assistantMessages(panel).last().locator('.meta')).toContainText('Claude fake · fake-b');
  const last = chatRequests(llm).at(-1)!;
  expect([last.path, (last.body as { model: string }).model]).toEqual(['/v1/messages', 'fake-b']);

  // The default in Settings did not change; a new chat keeps the model chosen in the panel.
  expect((await callBackground<{ defaultProviderId: string }>(extPage, 'settings.get', {})).defaultProviderId).toBe(
    local.id,
  );
  await panel.getByRole('button', { name: 'New' }).click();
  expect(await picker.inputValue()).toBe(claudeB);
  await sendChat(panel, 'Still Claude?');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  await expect(assistantMessages(panel).last().locator('.meta')).toContainText('Claude fake · fake-b');
  expect([chatRequests(llm).at(-1)!.path, (chatRequests(llm).at(-1)!.body as { model: string }).model]).toEqual([
    '/v1/messages',
    'fake-b',
  ]);
  // A new chat after that one, with no choice made in between, keeps it too.
  await panel.getByRole('button', { name: 'New' }).click();
  expect(await picker.inputValue()).toBe(claudeB);

  // Back in the first conversation, its own model is still chosen.
  await panel.getByRole('button', { name: 'History' }).click();
  await panel
    .getByRole('navigation', { name: 'Past conversations' })
    .locator('li')
    .nth(1)
    .getByRole('button')
    .first()
    .click();
  await expect(panel.locator('.message.user')).toHaveText(['Which model?', 'And now?']);
  expect(await picker.inputValue()).toBe(claudeB);
});
