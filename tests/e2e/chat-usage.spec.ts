/**
 * Tokens per answer and per conversation, cached tokens included, from each vendor's usage fields. The fake
 * servers are custom endpoints (not api.openai.com or api.anthropic.com), so no price is shown: the vendors' list
 * prices say nothing about them. The cost arithmetic is tested in tests/unit/providers/model-prices.test.ts.
 */
import { addProvider, assistantMessages, expect, openPanel, openSettingsSection, sendChat, test } from './fixtures';
import { lookAt } from './look';

test('OpenAI usage with cached tokens at a custom endpoint: tokens per answer and for the conversation, no price', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addProvider(extPage, {
    kind: 'openai',
    name: 'OpenAI (fake)',
    baseUrl: llm.openaiBaseUrl,
    model: 'gpt-4o-mini',
    apiKey: 'sk-1',
  });
  // Reported as prompt_tokens / completion_tokens / prompt_tokens_details.cached_tokens.
  llm.enqueue(
    { text: ['One.'], usage: { inputTokens: 1000, outputTokens: 200, cachedTokens: 400 } },
    { text: ['Two.'], usage: { inputTokens: 2000, outputTokens: 100, cachedTokens: 1000 } },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'first');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  const perAnswer = panel.getByLabel('Tokens and cost of this answer');
  await expect(perAnswer).toHaveText('1,000 in · 200 out · 400 cached');
  await sendChat(panel, 'second');
  await expect(perAnswer).toHaveCount(2);
  await expect(perAnswer.last()).toHaveText('2,000 in · 100 out · 1,000 cached');
  await expect(panel.getByLabel('Tokens and cost of this conversation')).toHaveText(
    '3,000 in · 300 out · 1,400 cached',
  );
  // Stored with the answer: a reload shows the same.
  await panel.reload();
  await expect(panel.getByLabel('Tokens and cost of this answer').first()).toHaveText(
    '1,000 in · 200 out · 400 cached',
  );
});

test('Anthropic cache reads are counted at a custom endpoint; a local model shows tokens only', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addProvider(extPage, {
    kind: 'anthropic',
    name: 'Claude (fake)',
    baseUrl: llm.anthropicBaseUrl,
    model: 'claude-sonnet-4-5',
    apiKey: 'k-1',
  });
  // Reported as input_tokens / cache_read_input_tokens / cache_creation_input_tokens / output_tokens.
  llm.enqueue({
    text: ['Cached.'],
    usage: { inputTokens: 100, outputTokens: 50, cachedTokens: 2000, cacheCreationTokens: 0 },
  });
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'hello');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  await expect(panel.getByLabel('Tokens and cost of this answer')).toHaveText('100 in · 50 out · 2,000 cached');

  await addProvider(extPage, {
    kind: 'openai-compatible',
    name: 'Local',
    baseUrl: llm.openaiBaseUrl,
    model: 'llama-local',
  });
  const local = await openPanel(context, extensionId);
  await local.getByRole('button', { name: 'New' }).click();
  const picker = local.getByRole('combobox', { name: 'Model for this conversation' });
  await picker.selectOption({ label: 'llama-local' });
  llm.enqueue({ text: ['Free.'], usage: { inputTokens: 12, outputTokens: 3 } });
  await sendChat(local, 'local?');
  await expect(assistantMessages(local).last()).toHaveAttribute('data-status', 'complete');
  await expect(local.getByLabel('Tokens and cost of this answer')).toHaveText('12 in · 3 out');
});

test('a custom server shows no cost until the user sets its price in Settings → Models; then the cost comes from that price', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addProvider(extPage, {
    kind: 'openai-compatible',
    name: 'Local',
    baseUrl: llm.openaiBaseUrl,
    model: 'llama-local',
  });
  llm.enqueue({ text: ['One.'], usage: { inputTokens: 200_000, outputTokens: 50_000 } });
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'first');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  const perAnswer = panel.getByLabel('Tokens and cost of this answer');
  // No price was set: tokens alone, no made-up cost.
  await expect(perAnswer).toHaveText('200,000 in · 50,000 out');
  await expect(panel.locator('.usage-line .cost')).toHaveCount(0);

  // Settings → Models: the custom server's form takes a price per million tokens for its model, checked first.
  await openSettingsSection(extPage, extensionId, 'models');
  await extPage.getByRole('button', { name: 'Edit Local' }).click();
  const form = extPage.getByRole('form', { name: 'Edit provider' });
  const prices = form.getByRole('group', { name: 'What llama-local costs on this server' });
  await expect(prices).toBeVisible();
  await prices.getByLabel('Input ($ per million tokens)').fill('-1');
  await prices.getByLabel('Output ($ per million tokens)').fill('2');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toHaveText('A price is a number from 0 to 10,000 ($ per million tokens).');
  await prices.getByLabel('Input ($ per million tokens)').fill('');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toHaveText('Set both prices, input and output, or leave both empty.');
  await lookAt(extPage, 'custom-server-price');
  await prices.getByLabel('Input ($ per million tokens)').fill('0.5');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(extPage.locator('li[data-provider="Local"]')).toContainText(
    'Price: $0.50 in · $2.00 out per million tokens',
  );

  // The next answer is priced from it: 200,000 × $0.50 + 50,000 × $2.00 per million = $0.20.
  llm.enqueue({ text: ['Two.'], usage: { inputTokens: 200_000, outputTokens: 50_000 } });
  await sendChat(panel, 'second');
  await expect(perAnswer).toHaveCount(2);
  await expect(perAnswer.last()).toHaveText('200,000 in · 50,000 out · $0.20');
  await lookAt(panel, 'custom-server-priced-answer');
  // The first answer was written before the price: still unknown, so the conversation's total shows no cost.
  await expect(perAnswer.first()).toHaveText('200,000 in · 50,000 out');
  await expect(panel.getByLabel('Tokens and cost of this conversation')).toHaveText('400,000 in · 100,000 out');
  await panel.reload();
  await expect(panel.getByLabel('Tokens and cost of this answer').last()).toHaveText('200,000 in · 50,000 out · $0.20');

  // A vendor at its own endpoint is priced from its list: its form has no price fields.
  await extPage.getByRole('button', { name: 'Add provider' }).click();
  await expect(form.getByLabel('Provider type')).toHaveValue('openai');
  await expect(form.getByRole('group', { name: /costs on this server/ })).toHaveCount(0);
});
