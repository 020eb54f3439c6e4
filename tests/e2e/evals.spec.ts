/**
 * Your own evals (issue 28) end to end, through the built extension and the fake LLM serving two model ids that
 * answer differently: a success check set in the task form (Settings → Tasks), then "Compare models" on two
 * models. Model A reads the form, fills it (the approval waits on its run's card, reached with one click from the
 * table, while the worker is killed), and answers; model B only claims success. The table shows A passed and B
 * failed, with the steps, tool calls and tokens the fake LLM served; B's run started once, after A's ended.
 */
import type { Page } from '@playwright/test';
import type { FakeReply } from '../fake-llm/fake-reply';
import type { RecordedRequest } from '../fake-llm/recorded-request';
import { serveStatic, type StaticServer } from '../harness/serve-static';
import {
  addFakeProvider,
  callBackground,
  chatRequests,
  expect,
  isTitleRequest,
  killServiceWorker,
  openSettingsSection,
  test,
  toolCall,
} from './fixtures';

const order = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Prints</title></head><body><main>
<h1>Order prints</h1>
<form action="/done" method="post"><label>Quantity <input name="quantity"></label>
<label>Paper <select name="paper"><option value="m">Matte</option><option value="g">Glossy</option></select></label>
<button type="submit">Order</button></form></main></body></html>`;

let server: StaticServer;
test.beforeAll(async () => {
  server = await serveStatic({ '/order.html': order });
});
test.afterAll(async () => server?.close());

type Body = { model?: string; messages?: { role: string }[] };
const bodyOf = (r: RecordedRequest) => (r.body ?? {}) as Body;
const toolTurns = (r: RecordedRequest) => (bodyOf(r).messages ?? []).filter((m) => m.role === 'tool').length;
/** A conversation request (not a title) for `model` that has seen `n` tool results. */
const step = (model: string, n: number) => (r: RecordedRequest) =>
  !isTitleRequest(r) && bodyOf(r).model === model && toolTurns(r) === n;
const asks = (llm: { requests: RecordedRequest[] }, model: string) =>
  chatRequests(llm as never).filter((r) => !isTitleRequest(r) && bodyOf(r).model === model);

type ComparisonList = {
  comparisons: { id: string; status: string; runs: { state: string; conversationId?: string; passed?: boolean }[] }[];
};

const row = (page: Page, model: string) => page.locator(`.comparison-table tr[data-model="${model}"]`);

test('a comparison over two fake models: the check set in the form, one passes and one fails, figures as served', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  llm.models = ['model-a', 'model-b'];
  await addFakeProvider(extPage, llm, 'model-a');
  llm.respondTo(isTitleRequest, { text: ['Prints'] });
  const usage = (inputTokens: number, outputTokens: number): FakeReply['usage'] => ({ inputTokens, outputTokens });
  llm.respondTo(step('model-a', 0), { ...toolCall('get_form_state'), usage: usage(100, 10) });
  llm.respondTo(step('model-a', 1), {
    ...toolCall('fill_form', { updates: { quantity: '3' } }),
    usage: usage(200, 20),
  });
  llm.respondTo(step('model-a', 2), { text: ['Ordered 3 prints.'], usage: usage(300, 30) });
  // Model B does nothing and says the check passed: the check does not take its word for it.
  llm.respondTo(step('model-b', 0), { text: ['CHECK PASSED. Quantity is 3, success.'], usage: usage(50, 5) });

  await callBackground(extPage, 'tasks.save', {
    name: 'order-prints',
    instruction: 'Order 3 prints',
    startUrl: `${server.url}/order.html`,
  });
  await openSettingsSection(extPage, extensionId, 'tasks');
  const section = extPage.getByRole('region', { name: 'Tasks' });

  // The check, set in the task form: an address pattern that is not one is refused, then a field's value.
  await section.getByRole('button', { name: 'Edit order-prints' }).click();
  const form = section.getByRole('form', { name: 'Edit task /order-prints' });
  await form
    .getByRole('combobox', { name: 'The run succeeds when' })
    .selectOption({ label: 'The tab ends on an address' });
  await form
    .getByRole('combobox', { name: 'Address match' })
    .selectOption({ label: 'Matches a pattern (* for any characters)' });
  await form.getByRole('textbox', { name: 'Address' }).fill('javascript:*');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toContainText('http');
  await form
    .getByRole('combobox', { name: 'The run succeeds when' })
    .selectOption({ label: 'A field has a value at the end' });
  await form.getByRole('textbox', { name: 'Field (its label)' }).fill('Quantity');
  await form.getByRole('textbox', { name: 'Expected value' }).fill('3');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);
  const saved = await callBackground<{ tasks: { check?: unknown }[] }>(extPage, 'tasks.list', {});
  expect(saved.tasks[0]!.check).toEqual({ kind: 'field', field: 'Quantity', value: '3' });

  // Compare models: both picked, started.
  await section.getByRole('button', { name: 'Compare models on /order-prints' }).click();
  const compare = section.getByRole('form', { name: 'Compare models on /order-prints' });
  await compare.getByRole('checkbox', { name: 'Fake · model-a' }).check();
  await compare.getByRole('checkbox', { name: 'Fake · model-b' }).check();
  await compare.getByRole('button', { name: 'Start comparison' }).click();
  await expect(compare).toHaveCount(0);

  // A's fill waits for its approval; B has not started (one model after another).
  await expect.poll(() => asks(llm, 'model-a').length, { timeout: 20_000 }).toBe(2);
  await expect(row(extPage, 'model-a').locator('[data-col="success"]')).toContainText('Running…');
  await expect(row(extPage, 'model-b').locator('[data-col="success"]')).toHaveText('Waiting');
  // The worker is killed while the approval waits (Settings reading the list wakes a fresh one).
  await extPage.waitForTimeout(500);
  await killServiceWorker(context, extPage);

  // One click from the table opens A's conversation, where the card waits.
  const opened = context.waitForEvent('page');
  await row(extPage, 'model-a').getByRole('link', { name: 'Open the conversation of Fake · model-a' }).click();
  const panel = await opened;
  const card = panel.locator('.tool-card[data-tool="fill_form"]');
  await expect(card).toHaveAttribute('data-status', 'awaiting-approval', { timeout: 20_000 });
  expect(asks(llm, 'model-b')).toHaveLength(0);
  await card.getByRole('button', { name: 'Approve' }).click();

  // The comparison goes on to B once A has ended, and the table shows both.
  await extPage.bringToFront();
  const table = extPage.locator('.comparison-table');
  await expect(row(extPage, 'model-b').locator('[data-col="success"]')).toContainText('Failed', { timeout: 30_000 });
  await expect(table.locator('caption')).not.toContainText('running');
  const a = row(extPage, 'model-a');
  const b = row(extPage, 'model-b');
  await expect(a.locator('[data-col="success"]')).toContainText('Passed');
  await expect(a.locator('[data-col="success"]')).toContainText('Quantity: 3');
  await expect(a.locator('[data-col="steps"]')).toHaveText('3');
  await expect(a.locator('[data-col="tools"]')).toHaveText('2');
  await expect(a.locator('[data-col="tokens"]')).toHaveText('600 / 60');
  // A custom server without a price the user set: its cost is unknown.
  await expect(a.locator('[data-col="cost"]')).toHaveText('—');
  await expect(b.locator('[data-col="success"]')).toContainText('Quantity:');
  await expect(b.locator('[data-col="steps"]')).toHaveText('1');
  await expect(b.locator('[data-col="tools"]')).toHaveText('0');
  await expect(b.locator('[data-col="tokens"]')).toHaveText('50 / 5');
  await expect(b.locator('[data-col="time"]')).toHaveText(/^\d+(\.\d)? s$/);

  await extPage.locator('.comparisons').screenshot({ path: test.info().outputPath('comparison-table.png') });

  // Each model was asked only for its own steps: A's three, B's one, never a second run.
  expect(asks(llm, 'model-a')).toHaveLength(3);
  expect(asks(llm, 'model-b')).toHaveLength(1);
  const stored = await callBackground<ComparisonList>(extPage, 'evals.list', {});
  expect(stored.comparisons).toHaveLength(1);
  expect(stored.comparisons[0]!.status).toBe('done');
  expect(stored.comparisons[0]!.runs.map((r) => [r.state, r.passed])).toEqual([
    ['done', true],
    ['done', false],
  ]);
  // Each run had its own conversation, opened from the table.
  const conversations = stored.comparisons[0]!.runs.map((r) => r.conversationId);
  expect(new Set(conversations).size).toBe(2);

  // Listed with its date, deletable.
  await extPage.reload();
  await expect(extPage.locator('.comparison-table caption')).toContainText('/order-prints');
  await extPage.getByRole('button', { name: /^Delete comparison \/order-prints/ }).click();
  await expect(extPage.locator('.comparison-table')).toHaveCount(0);
  expect((await callBackground<ComparisonList>(extPage, 'evals.list', {})).comparisons).toEqual([]);
});

test('Stop cancels the models not reached; "Delete all data" forgets comparisons', async ({ llm, extPage }) => {
  llm.models = ['model-a', 'model-b'];
  const provider = await addFakeProvider(extPage, llm, 'model-a');
  llm.respondTo(isTitleRequest, { text: ['Slow'] });
  llm.setFallback({ text: Array.from({ length: 40 }, () => 'slow '), chunkDelayMs: 250 });
  await callBackground(extPage, 'tasks.save', { name: 'slow', instruction: 'Take your time' });
  const { tasks } = await callBackground<{ tasks: { id: string }[] }>(extPage, 'tasks.list', {});
  const started = await callBackground<{ started: string }>(extPage, 'evals.start', {
    taskId: tasks[0]!.id,
    models: [
      { providerId: provider.id, modelId: 'model-a' },
      { providerId: provider.id, modelId: 'model-b' },
    ],
  });
  await expect.poll(() => asks(llm, 'model-a').length).toBe(1);
  await callBackground(extPage, 'evals.stop', { id: started.started });
  await expect
    .poll(async () =>
      (await callBackground<ComparisonList>(extPage, 'evals.list', {})).comparisons[0]!.runs.map((r) => r.state),
    )
    .toEqual(['stopped', 'cancelled']);
  await extPage.waitForTimeout(1000);
  expect(asks(llm, 'model-b')).toHaveLength(0);

  await callBackground(extPage, 'data.deleteAll', {});
  expect((await callBackground<ComparisonList>(extPage, 'evals.list', {})).comparisons).toEqual([]);
});
