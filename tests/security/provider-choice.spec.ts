/**
 * Only the provider the user chose for a conversation hears of it. Two fake servers stand in for two
 * providers: the default (a cloud service, say) and a second one (a local model). A conversation moved to the
 * second before its first message is answered and titled there; every request every server receives is
 * recorded, and the default one must receive none of it, also when the second cannot write the title (the
 * title is then the question's first words, made on the device).
 */
import { startFakeLlm, type FakeLlm } from '../fake-llm';
import {
  addProvider,
  assistantMessages,
  callBackground,
  expect,
  isTitleRequest,
  openPanel,
  sendChat,
  test,
} from '../e2e/fixtures';
import type { Page } from '@playwright/test';

const described = (r: FakeLlm['requests'][number]) => `${r.method} ${r.path} ${JSON.stringify(r.body ?? '')}`;

async function twoProviders(extPage: Page, cloud: FakeLlm, local: FakeLlm) {
  cloud.models = ['cloud-model'];
  local.models = ['local-model'];
  const cloudProvider = await addProvider(extPage, {
    kind: 'openai-compatible',
    name: 'Cloud fake',
    baseUrl: cloud.openaiBaseUrl,
    model: 'cloud-model',
  });
  await addProvider(extPage, {
    kind: 'openai-compatible',
    name: 'Local fake',
    baseUrl: local.openaiBaseUrl,
    model: 'local-model',
  });
  expect((await callBackground<{ defaultProviderId: string }>(extPage, 'settings.get', {})).defaultProviderId).toBe(
    cloudProvider.id,
  );
}

/** The panel with the conversation moved to the local provider's model before its first message. */
async function panelOnLocal(context: Parameters<typeof openPanel>[0], extensionId: string) {
  const panel = await openPanel(context, extensionId);
  const picker = panel.getByRole('combobox', { name: 'Model for this conversation' });
  await expect(picker.locator('optgroup')).toHaveCount(2);
  const localModel = await picker.locator('optgroup[label="Local fake"] option').getAttribute('value');
  await picker.selectOption(localModel!);
  return panel;
}

test('a conversation moved to another provider is answered and titled there; the default provider receives nothing', async ({
  context,
  extensionId,
  llm: cloud,
  extPage,
}) => {
  const local = await startFakeLlm();
  try {
    await twoProviders(extPage, cloud, local);
    cloud.respondTo(isTitleRequest, { text: ['Title by the cloud'] });
    local.respondTo(isTitleRequest, { text: ['Title by the local model'] });
    local.setFallback({ text: ['Answered ', 'locally.'] });
    const panel = await panelOnLocal(context, extensionId);
    // From here on, nothing of the conversation may reach the cloud server: not the question, not the title.
    cloud.requests.length = 0;
    local.requests.length = 0;

    await sendChat(panel, 'My private question about a medical test result');
    await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
    await expect(assistantMessages(panel).last().locator('.markdown')).toHaveText('Answered locally.');
    await expect(panel.locator('.conv-title')).toHaveText('Title by the local model');
    await sendChat(panel, 'And a second one');
    await expect(assistantMessages(panel)).toHaveCount(2);
    await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');

    const posts = local.requests.filter((r) => r.method === 'POST');
    expect(posts.filter(isTitleRequest)).toHaveLength(1);
    expect(posts.filter((r) => !isTitleRequest(r))).toHaveLength(2);
    expect(posts.every((r) => (r.body as { model: string }).model === 'local-model')).toBe(true);
    expect(cloud.requests.map(described)).toEqual([]);
  } finally {
    await local.close();
  }
});

test('when the chosen provider cannot write the title, the title is the question’s first words and no other provider is asked', async ({
  context,
  extensionId,
  llm: cloud,
  extPage,
}) => {
  const local = await startFakeLlm();
  try {
    await twoProviders(extPage, cloud, local);
    cloud.respondTo(isTitleRequest, { text: ['Title by the cloud'] });
    // The local server answers the question, then fails every title request (after the SDK's retries).
    local.respondTo(isTitleRequest, { fault: { kind: 'http', status: 503, retryAfterMs: 5, message: 'overloaded' } });
    local.setFallback({ text: ['Answered ', 'locally.'] });
    const panel = await panelOnLocal(context, extensionId);
    cloud.requests.length = 0;
    local.requests.length = 0;

    const question = 'Which of the three flats on this list has the lowest rent including all of the extra costs?';
    await sendChat(panel, question);
    await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
    // The title request was tried (and failed) at the local server only.
    await expect.poll(() => local.requests.filter(isTitleRequest).length).toBeGreaterThan(0);
    await expect
      .poll(async () => {
        const convs = await callBackground<{ title: string }[]>(extPage, 'conversations.list', {});
        return convs.map((c) => c.title);
      })
      .toEqual(['Which of the three flats on this list has the lowest rent']);
    await expect(panel.locator('.conv-title')).toHaveText('Which of the three flats on this list has the lowest rent');
    // Whatever the failing title did, it went nowhere else.
    await panel.waitForTimeout(500);
    expect(cloud.requests.map(described)).toEqual([]);
  } finally {
    await local.close();
  }
});
