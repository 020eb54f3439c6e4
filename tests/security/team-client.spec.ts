/**
 * The team server client is a way out (Settings → Team): against a hostile team server it reaches only the saved
 * origin, sends no cookies, follows no redirect, renders the server's words as text, and the token goes nowhere else.
 */
import { expect, test } from '../e2e/fixtures';
import { runTeamClient } from './run-team-client';

test('team client gates: redirects, cookies, a moved address, hostile words and the token kept', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  test.setTimeout(120_000);
  const report = await runTeamClient({ context, extensionId, llm, extPage });
  expect(report.violations).toEqual([]);
  expect(report.bystanderRequests).toEqual([]);
  expect(report.xss).toBe(0);
  expect(report.cases).toBe(5);
});
