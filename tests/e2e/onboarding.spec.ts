import type { Page } from '@playwright/test';
import { providerPresets } from '../../lib/providers/provider-presets';
import { callBackground, expect, openAddProviderForm, test } from './fixtures';

// What a new install shows (the onboarding tab): each test starts its own browser.
test.use({ freshBrowser: true });

interface Provider {
  name: string;
  kind: string;
  baseUrl: string;
  model: string;
  hasKey: boolean;
}

const hostOf = (url: string) => new URL(url).host;

test('a new user completes the onboarding start to finish, alone on the page, and opens the panel', async ({
  context,
  extensionId,
  llm,
}) => {
  llm.models = ['fake-chat-1', 'fake-chat-2'];
  // The background opens the onboarding itself on install.
  const onboarding: Page =
    context.pages().find((p) => p.url().includes('options.html#onboarding')) ??
    (await context.waitForEvent('page', { predicate: (p) => p.url().includes('options.html#onboarding') }));
  expect(onboarding.url()).toBe(`chrome-extension://${extensionId}/options.html#onboarding`);
  await expect(onboarding.getByRole('heading', { name: 'Welcome to Tabwise' })).toBeVisible();
  // Nothing else on screen: none of the settings page's sections.
  await expect(onboarding.getByRole('heading', { name: 'Tabwise settings' })).toHaveCount(0);
  await expect(onboarding.getByRole('region', { name: 'Providers' })).toHaveCount(0);
  await expect(onboarding.getByText('Remember what I read')).toHaveCount(0);
  await expect(onboarding.locator('[aria-current="step"]')).toHaveText('Provider');

  await onboarding.getByRole('radio', { name: /Ollama \(local\)/ }).check();
  await onboarding.getByRole('button', { name: 'Continue' }).click();
  await expect(onboarding.getByRole('heading', { name: 'Connect to Ollama (local)' })).toBeVisible();
  await expect(onboarding.getByText(providerPresets.find((p) => p.id === 'ollama')!.hint)).toBeVisible();
  await expect(onboarding.getByLabel('Server address')).toHaveValue('http://localhost:11434/v1');
  await onboarding.getByLabel('Server address').fill(llm.openaiBaseUrl);
  await onboarding.getByRole('button', { name: 'Test connection' }).click();

  await expect(onboarding.getByRole('heading', { name: 'Pick a model' })).toBeVisible();
  await expect(onboarding.getByRole('status')).toHaveText(
    `Connected to ${hostOf(llm.openaiBaseUrl)}: 2 models available.`,
  );
  await onboarding.getByLabel('Model').selectOption('fake-chat-2');
  await onboarding.getByRole('button', { name: 'Done' }).click();

  await expect(onboarding.getByRole('heading', { name: 'Tabwise is ready' })).toBeVisible();
  await expect(onboarding.getByRole('status')).toHaveText(`Saved ${hostOf(llm.openaiBaseUrl)} with fake-chat-2.`);
  await expect(onboarding.getByText(/press Ctrl\+Shift\+Y/)).toBeVisible();
  const saved = await callBackground<Provider[]>(onboarding, 'providers.list', {});
  expect(saved).toEqual([
    expect.objectContaining({
      name: hostOf(llm.openaiBaseUrl),
      kind: 'openai-compatible',
      baseUrl: llm.openaiBaseUrl,
      model: 'fake-chat-2',
      hasKey: false,
    }),
  ]);
  // The test really went to the endpoint the user typed.
  expect(llm.requests.some((r) => r.method === 'GET' && r.path === '/v1/models')).toBe(true);

  await onboarding.getByRole('button', { name: 'Open the side panel' }).click();
  await expect
    .poll(() =>
      onboarding.evaluate(
        async () =>
          (await chrome.runtime.getContexts({ contextTypes: ['SIDE_PANEL' as chrome.runtime.ContextType] })).length,
      ),
    )
    .toBe(1);
});

test('a failed key test in the onboarding says why and keeps what was typed', async ({ context, extensionId, llm }) => {
  llm.setValidKeys(['right-key']);
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/options.html#onboarding`);
  await page.getByRole('radio', { name: /Other OpenAI-compatible/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Server address').fill(llm.openaiBaseUrl);
  await page.getByLabel(/API key/).fill('wrong-key');
  await page.getByRole('button', { name: 'Test connection' }).click();

  await expect(page.getByRole('alert')).toContainText(/Connection failed: .*key/i);
  await expect(page.getByRole('heading', { name: /Connect to/ })).toBeVisible();
  await expect(page.getByLabel('Server address')).toHaveValue(llm.openaiBaseUrl);
  await expect(page.getByLabel(/API key/)).toHaveValue('wrong-key');
  expect(await callBackground<Provider[]>(page, 'providers.list', {})).toEqual([]);

  // Correcting the key is enough: the flow goes on, and the key is saved.
  await page.getByLabel(/API key/).fill('right-key');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('heading', { name: 'Pick a model' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  const chosen = await page.getByLabel('Model').inputValue();
  expect(llm.models).toContain(chosen);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('heading', { name: 'Tabwise is ready' })).toBeVisible();
  const [saved] = await callBackground<Provider[]>(page, 'providers.list', {});
  expect(saved).toMatchObject({ name: hostOf(llm.openaiBaseUrl), hasKey: true, model: chosen });
});

test("the settings form names a provider by what it is, and a failed connection test shows the provider's own error", async ({
  extensionId,
  extPage,
  llm,
}) => {
  llm.setValidKeys(['right-key']);
  const form = await openAddProviderForm(extPage, extensionId);
  await expect(form.getByLabel('Name')).toHaveValue('OpenAI');
  await form.getByLabel(/Base URL/).fill(llm.openaiBaseUrl);
  // The default name follows the address it talks to, until the user types one.
  await expect(form.getByLabel('Name')).toHaveValue(`OpenAI (${hostOf(llm.openaiBaseUrl)})`);
  await form.getByLabel('Provider type').selectOption('custom');
  await expect(form.getByLabel('Name')).toHaveValue('OpenAI-compatible server');
  await form.getByLabel(/Base URL/).fill(llm.openaiBaseUrl);
  await expect(form.getByLabel('Name')).toHaveValue(hostOf(llm.openaiBaseUrl));
  await form.getByLabel(/API key/).fill('wrong-key');
  await form.getByRole('button', { name: 'Test connection' }).click();
  await expect(extPage.getByRole('alert')).toContainText(/Connection failed: .*key/i);
});

test('options.html is the onboarding while no provider is saved, and Settings → Models once one is', async ({
  extensionId,
  extPage,
  llm,
}) => {
  // extPage is options.html, no hash, fresh profile.
  await expect(extPage.getByRole('heading', { name: 'Welcome to Tabwise' })).toBeVisible();
  await expect(extPage.locator('[aria-current="step"]')).toHaveText('Provider');
  await expect(extPage.getByRole('heading', { name: 'Tabwise settings' })).toHaveCount(0);
  // The old inline welcome block and its button are gone.
  await expect(extPage.getByRole('button', { name: 'Add a provider' })).toHaveCount(0);
  await expect(extPage.getByRole('region', { name: 'Get started' })).toHaveCount(0);

  await callBackground(extPage, 'providers.save', {
    kind: 'openai-compatible',
    name: 'Fake',
    baseUrl: llm.openaiBaseUrl,
    model: 'fake-chat-1',
  });
  await extPage.goto(`chrome-extension://${extensionId}/options.html`);
  await expect(extPage).toHaveURL(`chrome-extension://${extensionId}/options.html#models`);
  await expect(extPage.getByRole('heading', { name: 'Tabwise settings' })).toBeVisible();
  await expect(
    extPage.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Models' }),
  ).toHaveAttribute('aria-current', 'location');
  await expect(extPage.locator('li[data-provider="Fake"]')).toContainText('fake-chat-1');
  await expect(extPage.getByRole('heading', { name: 'Welcome to Tabwise' })).toHaveCount(0);
});
