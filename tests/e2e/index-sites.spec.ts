/**
 * The "Which sites" lists in Settings: entries are normalised as a person means them (scheme, "*.", trailing
 * dot, IDN) and stored that way; an entry that is not a site is refused with the reason, and nothing is saved.
 */
import { callBackground, expect, openSettingsSection, test } from './fixtures';

interface Lists {
  deniedDomains: string[];
  deniedPatterns: string[];
}

test('site lists are normalised when saved, and an entry that is not a site is refused with its reason', async ({
  extensionId,
  extPage,
}) => {
  await callBackground(extPage, 'index.settings.update', { enabled: true });
  await openSettingsSection(extPage, extensionId, 'remember');
  const excluded = extPage.getByLabel('Excluded sites');
  await excluded.fill('https://Bank.example/\n*.health.example.\nbücher.de\nnot a site');
  await extPage.getByRole('button', { name: 'Save sites' }).click();
  await expect(extPage.getByRole('alert').filter({ hasText: 'Not saved' })).toContainText(
    '"not a site": spaces are not allowed',
  );
  let stored = await callBackground<Lists>(extPage, 'index.settings.get', {});
  expect(stored.deniedDomains).toEqual([]);

  await excluded.fill('https://Bank.example/\n*.health.example.\nbücher.de\nhttps://shop.example/checkout');
  await extPage.getByRole('button', { name: 'Save sites' }).click();
  await expect(excluded).toHaveValue('bank.example\nhealth.example\nxn--bcher-kva.de\n*://shop.example/checkout*');
  await expect
    .poll(async () => (await callBackground<Lists>(extPage, 'index.settings.get', {})).deniedDomains)
    .toEqual(['bank.example', 'health.example', 'xn--bcher-kva.de']);
  stored = await callBackground<Lists>(extPage, 'index.settings.get', {});
  expect(stored.deniedPatterns).toEqual(['*://shop.example/checkout*']);
});

test('the background refuses a domain list entry that is not a domain, whatever sends it', async ({ extPage }) => {
  await expect(
    callBackground(extPage, 'index.settings.update', { deniedDomains: ['javascript:alert(1)'] }),
  ).rejects.toThrow(/not a domain name/);
  await expect(callBackground(extPage, 'index.settings.update', { deniedPatterns: ['/[unclosed/'] })).rejects.toThrow(
    /Not a valid URL pattern/,
  );
});
