/**
 * A success check (issue 28) is decided by the extension from what it reads, never by what anyone says about it:
 * a page that claims "CHECK PASSED" (and hides the expected text where no person sees it), a model that repeats
 * the claim after reading it, and a model that simply says the check passed, all fail a page-text check; a check
 * kind the extension does not run itself is refused. The cases are run-repeat-gates.ts's, counted by the bench.
 */
import { expect, test } from '../e2e/fixtures';
import { runRepeatGates } from './run-repeat-gates';

test('"CHECK PASSED" on the page or in the answer does not make a check pass', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  const report = await runRepeatGates({ context, extensionId, llm, extPage }, ['check']);
  expect(report.violations).toEqual([]);
  expect(report.fakedChecks).toBe(0);
});

test('a check a file or request carries is refused unless it is one of the kinds the extension runs itself', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  const report = await runRepeatGates({ context, extensionId, llm, extPage }, ['check-kinds']);
  expect(report.violations).toEqual([]);
});
