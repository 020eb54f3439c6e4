/**
 * Export everything carries the providers (never their keys) and the "Remember what I read" settings; after
 * deleting everything, an import brings them back, and Models asks for the keys that stayed behind.
 */
import { readFile } from 'node:fs/promises';
import { addProvider, callBackground, expect, openSettingsSection, test } from './fixtures';

interface Provider {
  id: string;
  name: string;
  hasKey: boolean;
}

test('export → delete everything → import: providers come back without keys and ask for them; Remember what I read comes back as set', async ({
  extensionId,
  llm,
  extPage,
}) => {
  const key = 'sk-provider-secret-4242';
  await addProvider(extPage, {
    kind: 'openai',
    name: 'OpenAI (fake)',
    baseUrl: llm.openaiBaseUrl,
    model: 'gpt-test',
    apiKey: key,
  });
  await addProvider(extPage, {
    kind: 'openai-compatible',
    name: 'Local',
    baseUrl: llm.openaiBaseUrl,
    model: 'llama3.2',
  });
  await callBackground(extPage, 'index.settings.update', {
    enabled: true,
    deniedDomains: ['bank.example'],
    grounding: 'prefer',
    dwellMs: 1500,
  });

  await openSettingsSection(extPage, extensionId, 'privacy');
  const privacy = extPage
    .getByRole('region', { name: 'Privacy & data' })
    .getByRole('group', { name: 'Export and import' });
  const [download] = await Promise.all([
    extPage.waitForEvent('download'),
    privacy.getByRole('button', { name: 'Export everything…' }).click(),
  ]);
  await expect(privacy.getByRole('status')).toContainText(
    '2 providers and your settings, including Remember what I read. API keys are not in the file.',
  );
  const text = await readFile((await download.path())!, 'utf8');
  const file = JSON.parse(text) as { providers: Record<string, unknown>[]; remember: Record<string, unknown> };
  expect(file.providers.map((p) => [p.name, p.kind, p.baseUrl, p.model, p.hadKey])).toEqual([
    ['OpenAI (fake)', 'openai', llm.openaiBaseUrl, 'gpt-test', true],
    ['Local', 'openai-compatible', llm.openaiBaseUrl, 'llama3.2', false],
  ]);
  expect(file.remember).toMatchObject({
    enabled: true,
    deniedDomains: ['bank.example'],
    grounding: 'prefer',
    dwellMs: 1500,
  });
  expect(file.remember).not.toHaveProperty('model');
  // The key is nowhere in the file, nor its last four characters.
  expect(text).not.toContain(key);
  expect(text).not.toContain('4242');
  expect(text).not.toMatch(/apiKey|keyLast4|hasKey/);

  // Delete everything: the data, the providers (Models → Delete) and the remember settings.
  const deleteAll = extPage
    .getByRole('region', { name: 'Privacy & data' })
    .getByRole('group', { name: 'Delete all data' });
  await deleteAll.getByRole('button', { name: 'Delete all data…' }).click();
  await deleteAll.getByRole('button', { name: 'Yes, delete everything' }).click();
  await expect(deleteAll.getByRole('status')).toBeVisible();
  const models = extPage.getByRole('region', { name: 'Models' });
  await models.getByRole('button', { name: 'Delete OpenAI (fake)' }).click();
  await models.getByRole('button', { name: 'Delete Local' }).click();
  await expect(models.getByRole('list', { name: 'Providers' }).getByRole('listitem')).toHaveCount(0);
  await callBackground(extPage, 'index.settings.update', {
    enabled: false,
    deniedDomains: [],
    grounding: 'off',
    dwellMs: 5000,
  });
  expect(await callBackground<Provider[]>(extPage, 'providers.list', {})).toEqual([]);

  await privacy
    .getByLabel('Import from a file')
    .setInputFiles({ name: 'backup.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(privacy.getByRole('status')).toContainText(
    '2 providers and the settings, including Remember what I read, from backup.json',
  );
  await expect(privacy.getByRole('status')).toContainText('add the API key for OpenAI (fake) in Models');

  // Models lists both at once (no reload), the one that had a key asking for it.
  const openai = models.locator('li[data-provider="OpenAI (fake)"]');
  await expect(openai).toContainText('Needs an API key: Edit to add it');
  await expect(models.locator('li[data-provider="Local"]')).toContainText('No key');
  const restored = await callBackground<Provider[]>(extPage, 'providers.list', {});
  expect(restored.map((p) => [p.name, p.hasKey])).toEqual([
    ['OpenAI (fake)', false],
    ['Local', false],
  ]);
  expect(await callBackground(extPage, 'settings.get', {})).toMatchObject({ defaultProviderId: restored[0]!.id });
  expect(await callBackground(extPage, 'index.settings.get', {})).toMatchObject({
    enabled: true,
    deniedDomains: ['bank.example'],
    grounding: 'prefer',
    dwellMs: 1500,
  });
  // Remember what I read shows them too.
  await expect(extPage.getByRole('region', { name: 'Remember what I read' }).getByLabel('Excluded sites')).toHaveValue(
    /bank\.example/,
  );

  // Adding the key is the usual Edit: the flag goes.
  await openai.getByRole('button', { name: 'Edit OpenAI (fake)' }).click();
  const form = extPage.getByRole('form', { name: 'Edit provider' });
  await form.getByLabel(/API key/).fill(key);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(openai).toContainText('Key ••••4242');
  await expect(openai).not.toContainText('Needs an API key');
});
