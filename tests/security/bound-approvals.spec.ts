/**
 * Approvals bound to what the card showed (scenarios in run-bound-scenarios.ts, shared with the `security`
 * bench): a control renamed or re-pointed while its card waits is refused at the moment of acting; refs the
 * run's snapshot never listed are refused with no card; cards that can navigate or submit name where, and
 * flag another site; a denied password card lets the run finish.
 */
import { expect, test } from '../e2e/fixtures';
import { createWriteLedger } from './approvals';
import { BOUND_FIXTURES, boundScenarios } from './run-bound-scenarios';
import { serveTwoOrigins, type TwoOrigins } from './serve-two-origins';

let sites: TwoOrigins;
test.beforeAll(async () => {
  sites = await serveTwoOrigins(BOUND_FIXTURES);
});
test.afterAll(async () => {
  await sites?.close();
});

for (const [title, scenario] of boundScenarios) {
  test(title, async ({ context, extensionId, llm, extPage }) => {
    const ledger = createWriteLedger();
    await scenario({ context, extensionId, llm, extPage }, sites, ledger);
    expect(ledger.counts()).toEqual({ unapproved_writes: 0, cross_origin_writes: 0 });
  });
}
