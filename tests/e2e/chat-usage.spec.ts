/** Tokens and cost per answer and per conversation, with prompt-cache savings, from each vendor's usage fields. */
import { addProvider, assistantMessages, expect, openPanel, sendChat, test } from './fixtures';

test('OpenAI usage with cached tokens: tokens, cost and savings per answer and for the conversation', async ({
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
  await expect(perAnswer).toHaveText('1,000 in · 200 out · 400 cached · $0.00024 · cache saved $0.00003');
  await sendChat(panel, 'second');
  await expect(perAnswer).toHaveCount(2);
  // (1000×0.15 + 1000×0.075 + 100×0.6) / 1e6 = $0.000285; saved 1000 × 0.075 / 1e6.
  await expect(perAnswer.last()).toHaveText('2,000 in · 100 out · 1,000 cached · $0.000285 · cache saved $0.000075');
  await expect(panel.getByLabel('Tokens and cost of this conversation')).toHaveText(
    '3,000 in · 300 out · 1,400 cached · $0.000525 · cache saved $0.000105',
  );
  // Stored with the answer: a reload shows the same.
  await panel.reload();
  await expect(panel.getByLabel('Tokens and cost of this answer').first()).toHaveText(
    '1,000 in · 200 out · 400 cached · $0.00024 · cache saved $0.00003',
  );
});

test('Anthropic cache reads are priced and saved; an unknown model shows tokens only', async ({
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
  // 100×3 + 2000×0.3 + 50×15 = 1650 → $0.00165; saved 2000 × 2.7 / 1e6.
  await expect(panel.getByLabel('Tokens and cost of this answer')).toHaveText(
    '100 in · 50 out · 2,000 cached · $0.00165 · cache saved $0.0054',
  );

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
