/**
 * Scheduled runs are held to the gates of a watched run. A page a scheduled task opens tells the model to go to
 * another site; the model obeys: the navigation waits for a card (nobody is there), the other site gets no
 * request, and the user's own "always allow" for that site (given while watching) is not inherited by the task.
 * A task's start page (what the worker opens for a task, a schedule or a comparison) is http(s) and nothing else.
 * The cases are run-repeat-gates.ts's, which the `security` bench counts too.
 */
import { expect, test } from '../e2e/fixtures';
import { BAD_START_PAGES, runRepeatGates } from './run-repeat-gates';

test('a scheduled task that would navigate to a new site asks, whatever the user always allowed', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  test.setTimeout(120_000);
  const report = await runRepeatGates({ context, extensionId, llm, extPage }, ['schedule']);
  expect(report.violations).toEqual([]);
  expect(report.collectorRequests).toEqual([]);
});

test('a task saved or imported with a start page that is not http(s) is refused, and no tab opens', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  const report = await runRepeatGates({ context, extensionId, llm, extPage }, ['start-pages']);
  expect(report.violations).toEqual([]);
  expect(report.cases).toBe(BAD_START_PAGES.length);
});
