/**
 * Approvals bound to what the card showed, as runnable scenarios (see run-approval-scenarios.ts): the page
 * renames a button, re-points a link or a form while the card waits, the compromised model names refs the
 * snapshot never listed, and cards that navigate or submit must say where. Shared by
 * tests/security/bound-approvals.spec.ts and the `security` bench (boundScenarios, each with its ledger).
 */
import { expect, sendChat } from '../e2e/fixtures';
import { openFormOnA, type WriteScenario } from './run-approval-scenarios';
import { call, card, finished, toolResult } from './scenario-helpers';

/** The fixture pages these scenarios serve on both origins. */
export const BOUND_FIXTURES = ['bound-actions.html', 'bound-login.html'];

/** A denied password card: the model reads the denial and the run ends with its answer. */
export const deniedPasswordCardFinishes: WriteScenario = async (f, sites, ledger) => {
  const { page, panel } = await openFormOnA(f, sites, ledger, `bound-login.html?other=${encodeURIComponent(sites.b)}`);
  f.llm.enqueue(call('get_page_state'), call('fill_password', { ref: 'e2' }), { text: ['The user declined to sign in.'] });
  await sendChat(panel, 'Sign me in');
  const c = card(panel, 'fill_password');
  await expect(c.getByRole('button', { name: 'Deny' })).toBeVisible();
  await c.getByRole('button', { name: 'Deny' }).click();
  await finished(panel, 20_000);
  expect(toolResult(f.llm, 'fill_password')).toMatch(/denied|declined/i);
  expect(await page.locator('#password').inputValue()).toBe('');
};

/** Every scenario, titled for the spec. */
export const boundScenarios: [string, WriteScenario][] = [
  ['a denied password card lets the run reach its final answer', deniedPasswordCardFinishes],
];
