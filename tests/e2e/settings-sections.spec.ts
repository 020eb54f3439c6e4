/**
 * Settings in sections: hash navigation, Performance showing the recorded figures after real runs through
 * the fake LLM, and Privacy & data's export → delete all → import round trip (with no key in the file).
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { LatencyStats } from '../../lib/agent/compute-latency-stats';
import { formatMs } from '../../components/options/format-figures';
import {
  addFakeProvider,
  addProvider,
  assistantMessages,
  callBackground,
  expect,
  openPanel,
  sendChat,
  test,
} from './fixtures';
import { lookAt } from './look';

const SECTIONS = [
  'Models',
  'Assistant',
  'Skills',
  'Tasks',
  'Tools',
  'Permissions',
  'Memories',
  'Remember what I read',
  'Web search',
  'Team',
  'Documents',
  'Performance',
  'Activity',
  'Privacy & data',
  'About',
];

test('every section has a heading and a link; a hash opens its section and the link says which is current', async ({
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm, 'm');
  await extPage.goto(`chrome-extension://${extensionId}/options.html#performance`);
  const nav = extPage.getByRole('navigation', { name: 'Settings sections' });
  await expect(nav.getByRole('link')).toHaveText(SECTIONS);
  for (const name of SECTIONS) await expect(extPage.getByRole('region', { name })).toHaveCount(1);
  await expect(nav.getByRole('link', { name: 'Performance' })).toHaveAttribute('aria-current', 'location');
  await expect(extPage.getByRole('heading', { name: 'Performance', level: 2 })).toBeInViewport();

  await nav.getByRole('link', { name: 'Privacy & data' }).click();
  await expect(extPage).toHaveURL(/options\.html#privacy$/);
  await expect(nav.getByRole('link', { name: 'Privacy & data' })).toHaveAttribute('aria-current', 'location');
  await expect(nav.getByRole('link', { name: 'Performance' })).not.toHaveAttribute('aria-current', /.*/);
  await expect(extPage.getByRole('heading', { name: 'Privacy & data', level: 2 })).toBeInViewport();
  await extPage.goBack();
  await expect(nav.getByRole('link', { name: 'Performance' })).toHaveAttribute('aria-current', 'location');

  // A linked section opened in a new tab (what the panel and a bookmark do) lands there too.
  await extPage.goto(`chrome-extension://${extensionId}/options.html#memories`);
  await expect(extPage.getByRole('heading', { name: 'Memories', level: 2 })).toBeInViewport();
  await expect(extPage.getByRole('region', { name: 'About' })).toContainText(/Version\s*0\.1\.0/);
});

test('Performance shows the recorded figures after real runs: per model, per tool, cache savings, denials apart', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm, 'fake-perf');
  llm.enqueue(
    { text: ['Hello ', 'there.'], usage: { inputTokens: 1000, cachedTokens: 0 } },
    { toolCalls: [{ id: 't1', name: 'list_tabs', arguments: '{}' }], usage: { inputTokens: 1200, cachedTokens: 800 } },
    { text: ['Two tabs.'], usage: { inputTokens: 1300, cachedTokens: 1000 } },
    {
      toolCalls: [{ id: 'm1', name: 'memory_save', arguments: '{"text":"Likes trains"}' }],
      usage: { inputTokens: 1400, cachedTokens: 1200 },
    },
    { text: ['Not saved.'], usage: { inputTokens: 1500, cachedTokens: 1200 } },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Hi');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  await sendChat(panel, 'Which tabs?');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  await sendChat(panel, 'Remember I like trains');
  await assistantMessages(panel)
    .last()
    .locator('.tool-card[data-tool="memory_save"]')
    .getByRole('button', { name: 'Deny' })
    .click();
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');

  const stats = await callBackground<LatencyStats>(extPage, 'telemetry.stats', {});
  const model = stats.models['Fake/fake-perf'] ?? Object.values(stats.models)[0]!;
  expect(model.model.count).toBe(5);
  expect(stats.cache).toMatchObject({ inputTokens: 6400, cachedTokens: 4200 });
  expect(stats.tools.memory_save).toMatchObject({ denied: 1, failed: 0 });

  await extPage.goto(`chrome-extension://${extensionId}/options.html#performance`);
  const perf = extPage.getByRole('region', { name: 'Performance' });
  const card = perf.locator('.figure-card[data-model]');
  await expect(card).toHaveCount(1);
  // Named as the panel's model switcher names it (the provider's name and the model), the raw key under it.
  await expect(card.getByRole('heading', { level: 3 })).toHaveText('Fake · fake-perf');
  await expect(card.locator('.raw-name')).toHaveText('openai-compatible/fake-perf');
  await expect(card).toContainText('5 responses');
  await expect(card.locator('[data-figure="ttft-p50"]')).toHaveText(formatMs(model.ttft.p50));
  await expect(card.locator('[data-figure="response-p50"]')).toHaveText(formatMs(model.model.p50));
  await expect(card.locator('svg.sparkline')).toHaveCount(2);
  await expect(perf.getByLabel('Prompt cache')).toContainText(
    '66% of prompt tokens from the cache: 4,200 tokens of 6,400 tokens',
  );
  const denied = perf.locator('.figure-card[data-tool="memory_save"]');
  await expect(denied).toContainText('1 denied by you');
  await expect(denied).not.toContainText('failed');
  // Tools by the titles of their cards in the panel, the raw names kept for debugging.
  const listed = perf.getByRole('article', { name: 'Listed your tabs' });
  await expect(listed).toHaveAttribute('data-tool', 'list_tabs');
  await expect(listed.getByRole('heading', { level: 3 })).toHaveText('Listed your tabs');
  await expect(listed.locator('.raw-name')).toHaveText('list_tabs');
  await expect(listed).toContainText('1 call ran');
  await expect(denied.getByRole('heading', { level: 3 })).toHaveText('Save a memory');

  // The table behind the charts holds the same figures.
  await perf.getByText('All figures as a table').click();
  const row = perf.locator('table.stats tr', { hasText: 'First token' });
  await expect(row.locator('td').first()).toHaveText('Fake · fake-perf');
  await expect(row.locator('td').first()).toHaveAttribute('title', 'openai-compatible/fake-perf');
  await expect(row.locator('td').nth(2)).toHaveText('5');
  await expect(perf.locator('table.stats td[title="list_tabs"]')).toHaveText('Listed your tabs');
  await lookAt(extPage, 'performance-names');
  await expect(row.locator('td').nth(3)).toHaveText(formatMs(model.ttft.p50));

  // Live: another answer shows up without reloading the page.
  llm.enqueue({ text: ['More.'], usage: { inputTokens: 100, cachedTokens: 0 } });
  await sendChat(panel, 'Once more');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  await expect(card).toContainText('6 responses', { timeout: 10_000 });
});

async function exportFile(page: Page): Promise<string> {
  const privacy = page
    .getByRole('region', { name: 'Privacy & data' })
    .getByRole('group', { name: 'Export and import' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    privacy.getByRole('button', { name: 'Export everything…' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^tabwise-export-\d{4}-\d{2}-\d{2}\.json$/);
  await expect(privacy.getByRole('status')).toContainText('API keys are not in the file');
  return readFile((await download.path())!, 'utf8');
}

test('export everything → delete all → import restores conversations, memories, skills and settings; no key is in the file', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  const key = 'sk-export-test-secret-7788';
  const { id: providerId } = await addProvider(extPage, {
    kind: 'openai-compatible',
    name: 'Fake',
    baseUrl: llm.openaiBaseUrl,
    model: 'm',
    apiKey: key,
  });
  await callBackground(extPage, 'settings.update', { customInstructions: 'Answer in French.', maxSteps: 7 });
  await callBackground(extPage, 'skills.save', {
    name: 'tide-tables',
    description: 'When the user asks about tides',
    body: 'Quote high and low tide.',
  });
  llm.enqueue(
    { toolCalls: [{ id: 'm', name: 'memory_save', arguments: '{"text":"Lives in Lyon"}' }] },
    { text: ['Noted, Lyon.'] },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'I live in Lyon');
  await assistantMessages(panel)
    .last()
    .locator('.tool-card[data-tool="memory_save"]')
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');

  await extPage.goto(`chrome-extension://${extensionId}/options.html#privacy`);
  const text = await exportFile(extPage);
  const file = JSON.parse(text) as {
    format: string;
    version: number;
    conversations: { messages: { text: string }[] }[];
    memories: { text: string }[];
    skills: { name: string }[];
    settings: Record<string, unknown>;
  };
  expect(file).toMatchObject({ format: 'tabwise-export', version: 1 });
  expect(file.conversations[0]!.messages.map((m) => m.text)).toEqual(['I live in Lyon', 'Noted, Lyon.']);
  expect(file.memories.map((m) => m.text)).toEqual(['Lives in Lyon']);
  expect(file.skills.map((s) => s.name)).toEqual(['tide-tables']);
  expect(file.settings).toMatchObject({
    customInstructions: 'Answer in French.',
    maxSteps: 7,
    defaultProviderId: providerId,
  });
  // No key, no part of one, no encrypted blob.
  expect(text).not.toContain(key);
  expect(text).not.toContain('7788');
  expect(text).not.toMatch(/apiKey|keyLast4|encrypted|"iv"/);

  // Delete everything, and the settings and skill too, so the import has to bring them back.
  const privacy = extPage
    .getByRole('region', { name: 'Privacy & data' })
    .getByRole('group', { name: 'Export and import' });
  const deleteAll = extPage
    .getByRole('region', { name: 'Privacy & data' })
    .getByRole('group', { name: 'Delete all data' });
  await deleteAll.getByRole('button', { name: 'Delete all data…' }).click();
  await deleteAll.getByRole('button', { name: 'Yes, delete everything' }).click();
  await expect(deleteAll.getByRole('status')).toContainText('Deleted 1 conversation');
  await callBackground(extPage, 'settings.update', { customInstructions: '', maxSteps: 10 });
  await callBackground(extPage, 'skills.delete', { name: 'tide-tables' });
  expect(await callBackground<unknown[]>(extPage, 'conversations.list', {})).toEqual([]);

  await privacy
    .getByLabel('Import from a file')
    .setInputFiles({ name: 'backup.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(privacy.getByRole('status')).toContainText('Imported 1 conversation (2 messages), 1 memory, 1 skill');
  const [conversation] = await callBackground<{ id: string; title: string }[]>(extPage, 'conversations.list', {});
  const { messages } = await callBackground<{ messages: { text: string }[] }>(extPage, 'conversations.get', {
    id: conversation!.id,
  });
  expect(messages.map((m) => m.text)).toEqual(['I live in Lyon', 'Noted, Lyon.']);
  expect((await callBackground<{ text: string }[]>(extPage, 'memories.list', {})).map((m) => m.text)).toEqual([
    'Lives in Lyon',
  ]);
  expect(await callBackground(extPage, 'settings.get', {})).toMatchObject({
    customInstructions: 'Answer in French.',
    maxSteps: 7,
    defaultProviderId: providerId,
  });
  expect((await callBackground<{ name: string }[]>(extPage, 'skills.list', {})).map((s) => s.name)).toContain(
    'tide-tables',
  );

  // The same file again adds nothing, and says that what it holds is already here.
  await privacy
    .getByLabel('Import from a file')
    .setInputFiles({ name: 'backup.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(privacy.getByRole('status')).toContainText(
    '1 conversation, 1 memory, 1 skill, and 1 provider already here, kept. Nothing new in backup.json.',
  );
  await privacy.getByRole('status').scrollIntoViewIfNeeded();
  await lookAt(extPage, 'import-kept');
  expect(await callBackground<unknown[]>(extPage, 'conversations.list', {})).toHaveLength(1);

  // What the user sees: the restored conversation opens in the panel with its messages, the memory is listed.
  const again = await openPanel(context, extensionId);
  await again.locator('header button[aria-expanded]').click();
  await again
    .getByRole('navigation', { name: 'Past conversations' })
    .getByRole('button', { name: new RegExp(conversation!.title) })
    .first()
    .click();
  await expect(assistantMessages(again).last().locator('.markdown')).toHaveText('Noted, Lyon.');
  await extPage.reload();
  await expect(extPage.getByRole('region', { name: 'Memories' }).locator('li[data-memory] .memory-text')).toHaveText([
    'Lives in Lyon',
  ]);
});

test('a corrupt or foreign file is refused with a clear error and changes nothing', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm, 'm');
  llm.enqueue({ text: ['Hi.'] });
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Hello');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  await extPage.goto(`chrome-extension://${extensionId}/options.html#privacy`);
  const good = await exportFile(extPage);
  const before = JSON.stringify([
    await callBackground(extPage, 'conversations.list', {}),
    await callBackground(extPage, 'memories.list', {}),
    await callBackground(extPage, 'settings.get', {}),
  ]);
  const privacy = extPage
    .getByRole('region', { name: 'Privacy & data' })
    .getByRole('group', { name: 'Export and import' });

  const cases: Array<[string, string, RegExp]> = [
    [
      'cut-off.json',
      good.slice(0, good.length / 2),
      /Nothing was imported: this file is not a Tabwise export \(it is not valid JSON/,
    ],
    ['other.json', '{"bookmarks": []}', /Nothing was imported: this file is not a Tabwise export\./],
    [
      'tampered.json',
      good.replace('"maxSteps"', '"maxStepz"').replace(/"role": "user"/, '"role": "admin"'),
      /Nothing was imported: the file is damaged at conversations\.0\.messages\.0\.role/,
    ],
  ];
  for (const [name, text, message] of cases) {
    await privacy
      .getByLabel('Import from a file')
      .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
    await expect(privacy.getByRole('alert')).toContainText(message);
    await expect(privacy.getByRole('status')).toHaveCount(0);
  }
  expect(
    JSON.stringify([
      await callBackground(extPage, 'conversations.list', {}),
      await callBackground(extPage, 'memories.list', {}),
      await callBackground(extPage, 'settings.get', {}),
    ]),
  ).toBe(before);
});
