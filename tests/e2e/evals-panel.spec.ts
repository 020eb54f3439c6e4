/**
 * "Compare models" from the panel's Tasks view (issue 28), as in Settings → Tasks: two fake models answer a
 * saved task one after the other, the table in the panel shows both with the check's verdict, and a row's link
 * opens that run's conversation in the panel itself. A recording offers no comparison (it replays without a model).
 */
import type { RecordedRequest } from '../fake-llm/recorded-request';
import {
  addFakeProvider,
  assistantMessages,
  callBackground,
  expect,
  isTitleRequest,
  openPanel,
  test,
} from './fixtures';
import { ADD_ITEM } from './recording-helpers';

const modelOf = (r: RecordedRequest) => ((r.body ?? {}) as { model?: string }).model;

test('compare models on a task from the panel; the table links to each run in the panel', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  llm.models = ['model-a', 'model-b'];
  await addFakeProvider(extPage, llm, 'model-a');
  llm.respondTo((r) => !isTitleRequest(r) && modelOf(r) === 'model-a', { text: ['The capital is Paris.'] });
  llm.respondTo((r) => !isTitleRequest(r) && modelOf(r) === 'model-b', { text: ['I think it is Lyon.'] });
  await callBackground(extPage, 'tasks.save', {
    name: 'capital',
    instruction: 'What is the capital of France?',
    check: { kind: 'text', where: 'answer', text: 'Paris' },
  });
  await callBackground(extPage, 'tasks.save', {
    name: 'add-milk',
    instruction: 'Add milk',
    steps: [ADD_ITEM],
  });
  const panel = await openPanel(context, extensionId);
  await panel.getByRole('button', { name: 'Tasks', exact: true }).click();
  const view = panel.getByRole('region', { name: 'Saved tasks' });
  await expect(view.getByRole('button', { name: 'Run /add-milk' })).toBeVisible();
  await expect(view.getByRole('button', { name: 'Compare models on /add-milk' })).toHaveCount(0);

  await view.getByRole('button', { name: 'Compare models on /capital' }).click();
  const form = view.getByRole('form', { name: 'Compare models on /capital' });
  const start = form.getByRole('button', { name: 'Start comparison' });
  await form.getByRole('checkbox', { name: 'Fake · model-a' }).check();
  await expect(start).toBeDisabled();
  await form.getByRole('checkbox', { name: 'Fake · model-b' }).check();
  await start.click();
  await expect(form).toHaveCount(0);

  const row = (model: string) => view.locator(`.comparison-table tr[data-model="${model}"]`);
  await expect(row('model-b').locator('[data-col="success"]')).toContainText('Failed', { timeout: 40_000 });
  await expect(row('model-a').locator('[data-col="success"]')).toContainText('Passed');
  const asked = llm.requests.filter((r) => r.method === 'POST' && !isTitleRequest(r)).map(modelOf);
  expect(asked).toEqual(['model-a', 'model-b']);

  // The link opens the run's conversation here, in the panel (no new tab).
  const pages = context.pages().length;
  await row('model-b').getByRole('link', { name: 'Open the conversation of Fake · model-b' }).click();
  await expect(assistantMessages(panel).last()).toContainText('I think it is Lyon.');
  expect(context.pages().length).toBe(pages);
});
