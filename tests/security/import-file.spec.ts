/**
 * Settings → Privacy & data's import is a way in: a file someone hands the user. Whatever it carries, it
 * cannot plant a provider or a key, make a request when its conversations are rendered in the panel, or run
 * script; and a web page cannot ask the background to import anything.
 */
import { serveStatic, type StaticServer } from '../harness/serve-static';
import { addProvider, callBackground, expect, openPanel, test } from '../e2e/fixtures';
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
        conversation: { id: 'evil-conv', title: 'Crafted <img src=x onerror=window.__pwned=4>', createdAt: 1, updatedAt: 2 },
        messages: [
          { id: 'evil-u', conversationId: 'evil-conv', role: 'user', text: hostile, status: 'complete', createdAt: 1 },
          {
            id: 'evil-a', conversationId: 'evil-conv', role: 'assistant', text: hostile, status: 'complete', createdAt: 2,
            parts: [{ kind: 'text', text: hostile }, { kind: 'tool', toolCallId: 't', toolName: 'read_page', status: 'done', output: hostile, extra: '<script>x</script>' }],
          },
        ],
      },
    ],
    memories: [{ id: 'evil-m', text: hostile, tags: [], createdAt: 1, url: `javascript:window.__pwned=5` }],
    skills: [],
    // Fields the format does not name: dropped, never stored.
    settings: { maxSteps: 3, apiKey: 'sk-planted', providers: [{ id: 'evil', baseUrl: `${base}/v1`, apiKey: 'sk-planted' }] },
    providers: [{ id: 'evil', kind: 'openai-compatible', name: 'Evil', baseUrl: `${base}/v1`, model: 'm' }],
  };
}

test('a crafted import plants no provider or key, and its conversation renders in the panel without a request or a script', async ({ context, extensionId, llm, extPage }) => {
  await addProvider(extPage, { kind: 'openai-compatible', name: 'Fake', baseUrl: llm.openaiBaseUrl, model: 'm' });
  await extPage.goto(`chrome-extension://${extensionId}/options.html#privacy`);
  await extPage.reload();
  const group = extPage.getByRole('region', { name: 'Privacy & data' }).getByRole('group', { name: 'Export and import' });
  // A "__proto__" key as JSON text (an object literal would set the prototype instead of carrying the key).
  const crafted = JSON.stringify(craftedFile(attacker.url)).replace('"maxSteps":3', '"maxSteps":3,"__proto__":{"polluted":true}');
  expect(crafted).toContain('"__proto__":{"polluted":true}');
  await group.getByLabel('Import from a file').setInputFiles({ name: 'gift.json', mimeType: 'application/json', buffer: Buffer.from(crafted) });
  await expect(group.getByRole('status')).toContainText('Imported 1 conversation (2 messages), 1 memory');

  const providers = await callBackground<{ name: string }[]>(extPage, 'providers.list', {});
  expect(providers.map((p) => p.name)).toEqual(['Fake']);
  const settings = await callBackground<Record<string, unknown>>(extPage, 'settings.get', {});
  expect(JSON.stringify(settings)).not.toMatch(/planted|polluted|providers/);
  expect(await extPage.evaluate(() => ({} as Record<string, unknown>).polluted)).toBeUndefined();

  // The memory list renders the text as text.
  await extPage.reload();
  await expect(extPage.getByRole('region', { name: 'Memories' }).locator('li[data-memory="evil-m"] .memory-text')).toContainText('<script>');

  const panel = await openPanel(context, extensionId);
  await panel.locator('header button[aria-expanded]').click();
  await panel.getByRole('navigation', { name: 'Past conversations' }).getByRole('button', { name: /Crafted/ }).first().click();
  const answer = panel.locator('.message.assistant').last();
  await expect(answer).toBeVisible();
  await panel.waitForTimeout(1000);
  for (const md of await panel.locator('.message .markdown').elementHandles()) expect(await md.evaluate(findUnsafeMarkup)).toEqual([]);
  for (const p of [panel, extPage]) expect(await p.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(attacker.requests).toEqual([]);
});

test('a web page cannot import or export through the background', async ({ context, extPage }) => {
  const page = await context.newPage();
  await page.goto(`${attacker.url}/page.html`);
  const reach = await page.evaluate(() => typeof (globalThis as { chrome?: { runtime?: { sendMessage?: unknown } } }).chrome?.runtime?.sendMessage);
  expect(reach).toBe('undefined');
  // The background still answers the extension's own page, and nothing was imported by the attempt.
  expect(await callBackground<unknown[]>(extPage, 'conversations.list', {})).toEqual([]);
});
