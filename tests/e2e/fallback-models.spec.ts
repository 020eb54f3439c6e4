/**
 * Keep answering when a provider fails, through the built extension and the real SDKs against two fake
 * servers: a rate-limited default moves the answer to the fallback listed in Settings, with a notice naming
 * both; a rejected key does not move; a conversation's own list (set in the panel) takes over when its
 * provider cannot be reached.
 */
import { startFakeLlm, type FakeLlm } from '../fake-llm';
import {
  addProvider,
  assistantMessages,
  callBackground,
  chatRequests,
  expect,
  isTitleRequest,
  openPanel,
  openSettingsSection,
  sendChat,
  test,
} from './fixtures';
import type { Page } from '@playwright/test';

async function twoProviders(extPage: Page, cloud: FakeLlm, backup: FakeLlm) {
  cloud.models = ['cloud-model'];
  backup.models = ['backup-model'];
  const c = await addProvider(extPage, {
    kind: 'openai-compatible',
    name: 'Cloud fake',
    baseUrl: cloud.openaiBaseUrl,
    model: 'cloud-model',
  });
  const b = await addProvider(extPage, {
    kind: 'anthropic',
    name: 'Backup fake',
    baseUrl: backup.anthropicBaseUrl,
    model: 'backup-model',
    apiKey: 'k-1',
  });
  backup.respondTo(isTitleRequest, { text: ['Title by the backup'] });
  backup.setFallback({ text: ['From ', 'the backup.'] });
  return { cloud: c, backup: b };
}

test('a rate-limited default moves the answer to the fallback chosen in Settings, and the answer says so', async ({
  context,
  extensionId,
  llm: cloud,
  extPage,
}) => {
  const backup = await startFakeLlm();
  try {
    const ids = await twoProviders(extPage, cloud, backup);
    // Settings → Models: the default fallback list, chosen as a user would.
    await openSettingsSection(extPage, extensionId, 'models');
    const group = extPage.getByRole('group', { name: 'Fallback models' });
    await expect(group).toContainText('No fallback models.');
    await group.getByRole('combobox', { name: 'Add a fallback' }).selectOption({ label: 'backup-model' });
    await expect(group.getByRole('status')).toHaveText('Fallback models saved.');
    await expect(group.getByRole('list', { name: 'Fallback models, in order' }).locator('li')).toHaveText([
      /Backup fake · backup-model/,
    ]);
    expect((await callBackground<{ fallbackModels: unknown }>(extPage, 'settings.get', {})).fallbackModels).toEqual([
      { providerId: ids.backup.id, modelId: 'backup-model' },
    ]);

    cloud.setFallback({ fault: { kind: 'http', status: 429, retryAfterMs: 5, message: 'Rate limit reached' } });
    const panel = await openPanel(context, extensionId);
    await sendChat(panel, 'Are you there?');
    const answer = assistantMessages(panel).last();
    await expect(answer).toHaveAttribute('data-status', 'complete');
    await expect(answer.locator('.markdown')).toHaveText('From the backup.');
    await expect(answer.locator('.notice-line')).toHaveText(
      'Cloud fake · cloud-model did not answer (rate limit reached), so Backup fake · backup-model answers instead.',
    );
    await expect(answer.locator('.meta')).toContainText('Backup fake · backup-model');
    await expect(answer.getByRole('alert')).toHaveCount(0);
    // The default was asked until the SDK's retries (2) and the run's own retry before output were spent.
    expect(chatRequests(cloud).length).toBe(6);
    const asked = chatRequests(backup);
    expect(asked).toHaveLength(1);
    expect(JSON.stringify(asked[0]!.body)).toContain('Are you there?');
    // The title is written by the model that answered.
    await expect(panel.locator('.conv-title')).toHaveText('Title by the backup');
    expect(cloud.requests.filter(isTitleRequest)).toHaveLength(0);
  } finally {
    await backup.close();
  }
});

test('a rejected key does not fall back: the error is shown and the fallback is never asked', async ({
  context,
  extensionId,
  llm: cloud,
  extPage,
}) => {
  const backup = await startFakeLlm();
  try {
    const ids = await twoProviders(extPage, cloud, backup);
    await callBackground(extPage, 'settings.update', {
      fallbackModels: [{ providerId: ids.backup.id, modelId: 'backup-model' }],
    });
    cloud.setFallback({ fault: { kind: 'http', status: 401, message: 'Incorrect API key provided' } });
    const panel = await openPanel(context, extensionId);
    await sendChat(panel, 'Hello?');
    const answer = assistantMessages(panel).last();
    await expect(answer).toHaveAttribute('data-status', 'error');
    await expect(answer.getByRole('alert')).toContainText('Incorrect API key provided');
    await expect(answer.locator('.notice-line')).toHaveCount(0);
    expect(backup.requests.filter((r) => r.method === 'POST')).toEqual([]);
  } finally {
    await backup.close();
  }
});

test('a conversation’s own fallback list, set in the panel, takes over when its provider cannot be reached', async ({
  context,
  extensionId,
  llm: cloud,
  extPage,
}) => {
  const backup = await startFakeLlm();
  try {
    await twoProviders(extPage, cloud, backup);
    cloud.setFallback({ text: ['From ', 'the cloud.'] });
    const panel = await openPanel(context, extensionId);
    await sendChat(panel, 'First question');
    await expect(assistantMessages(panel).last().locator('.markdown')).toHaveText('From the cloud.');

    // No list in Settings; this conversation gets its own.
    await panel.getByText('Fallbacks (0)').click();
    const fallbacks = panel.locator('details.fallbacks');
    await expect(fallbacks).toContainText('The list from Settings applies.');
    await fallbacks.getByRole('combobox', { name: 'Add a fallback' }).selectOption({ label: 'backup-model' });
    await expect(fallbacks.locator('summary')).toHaveText('Fallbacks (1)');
    await expect(fallbacks).toContainText('This conversation has its own list.');
    await expect(
      fallbacks.getByRole('list', { name: 'Fallback models for this conversation, in order' }),
    ).toContainText('Backup fake · backup-model');

    // The cloud server goes away: nothing listens on its port any more.
    await cloud.close();
    await sendChat(panel, 'Second question');
    const answer = assistantMessages(panel).nth(1);
    await expect(answer).toHaveAttribute('data-status', 'complete');
    await expect(answer.locator('.markdown')).toHaveText('From the backup.');
    await expect(answer.locator('.notice-line')).toHaveText(
      'Cloud fake · cloud-model did not answer (unreachable), so Backup fake · backup-model answers instead.',
    );
    // The backup got the whole conversation so far.
    const asked = chatRequests(backup);
    expect(asked).toHaveLength(1);
    expect(JSON.stringify(asked[0]!.body)).toContain('First question');
    expect(JSON.stringify(asked[0]!.body)).toContain('Second question');
    // The first answer keeps its own model's label.
    await expect(assistantMessages(panel).first().locator('.meta')).toContainText('Cloud fake · cloud-model');
  } finally {
    await backup.close();
  }
});

test('a server error (500) and a provider that goes silent (timeout) each move that answer to the fallback', async ({
  context,
  extensionId,
  llm: cloud,
  extPage,
}) => {
  const backup = await startFakeLlm();
  try {
    const ids = await twoProviders(extPage, cloud, backup);
    await callBackground(extPage, 'settings.update', {
      fallbackModels: [{ providerId: ids.backup.id, modelId: 'backup-model' }],
      stallTimeoutMs: 1500,
    });
    cloud.setFallback({ fault: { kind: 'http', status: 500, message: 'Internal error' } });
    const panel = await openPanel(context, extensionId);
    await sendChat(panel, 'One');
    const first = assistantMessages(panel).nth(0);
    await expect(first).toHaveAttribute('data-status', 'complete');
    await expect(first.locator('.notice-line')).toHaveText(
      'Cloud fake · cloud-model did not answer (server error 500), so Backup fake · backup-model answers instead.',
    );

    // Each answer starts on the conversation's own model again: this time it answers with headers, then nothing.
    cloud.setFallback({ text: ['never sent'], fault: { kind: 'stall', afterChunks: 0 } });
    await sendChat(panel, 'Two');
    const second = assistantMessages(panel).nth(1);
    await expect(second).toHaveAttribute('data-status', 'complete');
    await expect(second.locator('.markdown')).toHaveText('From the backup.');
    await expect(second.locator('.notice-line')).toHaveText(
      'Cloud fake · cloud-model did not answer (timed out), so Backup fake · backup-model answers instead.',
    );
    await expect(second).not.toContainText('never sent');
    expect(chatRequests(backup)).toHaveLength(2);
  } finally {
    await backup.close();
  }
});
