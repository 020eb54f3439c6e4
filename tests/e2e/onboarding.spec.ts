import { expect, test } from './fixtures';

test('first run opens the onboarding, which gets the user to a working chat', async ({ context, extensionId, llm }) => {
  const onboarding =
    context.pages().find((p) => p.url().includes('options.html#onboarding')) ??
    (await context.waitForEvent('page', { predicate: (p) => p.url().includes('options.html#onboarding') }));
  await expect(onboarding.getByRole('heading', { name: 'Welcome to Tabwise' })).toBeVisible();
  expect(onboarding.url()).toBe(`chrome-extension://${extensionId}/options.html#onboarding`);

  await onboarding.getByRole('button', { name: 'Add a provider' }).click();
  const form = onboarding.getByRole('form', { name: 'Edit provider' });
  await form.getByLabel('Provider type').selectOption('ollama');
  await expect(form.getByText(/OLLAMA_ORIGINS/)).toBeVisible();
  await form.getByLabel(/Base URL/).fill(llm.openaiBaseUrl);
  await form.getByRole('button', { name: 'Test connection' }).click();
  await expect(form.getByText(/Connected: 2 models available/)).toBeVisible();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(onboarding.locator('.onboarding li.done')).toHaveCount(2);

  await onboarding.getByRole('button', { name: 'Open the chat' }).click();
  await expect
    .poll(() => onboarding.evaluate(async () => (await chrome.runtime.getContexts({ contextTypes: ['SIDE_PANEL' as chrome.runtime.ContextType] })).length))
    .toBe(1);
});

test('a connection test that fails shows the provider\'s own error', async ({ extPage, llm }) => {
  llm.setValidKeys(['right-key']);
  await extPage.getByRole('button', { name: 'Add a provider' }).click();
  await extPage.getByLabel(/Base URL/).fill(llm.openaiBaseUrl);
  await extPage.getByLabel(/API key/).fill('wrong-key');
  await extPage.getByRole('button', { name: 'Test connection' }).click();
  await expect(extPage.getByRole('alert')).toContainText(/Connection failed: .*key/i);
});
