/**
 * Approvals bound to where the action lands, end to end (the scenarios are in run-approval-scenarios.ts,
 * shared with the `security` bench). Every write a page sees goes into the write ledger
 * (tests/security/approvals.ts), whose counters must stay at 0.
 */
import { expect, test } from '../e2e/fixtures';
import { createWriteLedger } from './approvals';
import {
  alwaysAllowStaysOnItsOrigin,
  clickAfterTabMoved,
  fillAfterTabMoved,
  type WriteScenario,
} from './run-approval-scenarios';
import { serveTwoOrigins, type TwoOrigins } from './serve-two-origins';

let sites: TwoOrigins;
test.beforeAll(async () => {
  sites = await serveTwoOrigins(['approval-form.html']);
});
test.afterAll(async () => {
  await sites?.close();
});

const scenarios: [string, WriteScenario][] = [
  [
    '"Always allow" on one origin does not follow the tab to another: the card comes back naming the new origin',
    alwaysAllowStaysOnItsOrigin,
  ],
  [
    'a page that sends the tab to another origin between approval and action: the fill does not run there',
    fillAfterTabMoved,
  ],
  [
    'a click card shows the button, where its form sends and the origin; after the tab moved, the click does not happen',
    clickAfterTabMoved,
  ],
];

for (const [title, scenario] of scenarios) {
  test(title, async ({ context, extensionId, llm, extPage }) => {
    const ledger = createWriteLedger();
    await scenario({ context, extensionId, llm, extPage }, sites, ledger);
    expect(ledger.counts()).toEqual({ unapproved_writes: 0, cross_origin_writes: 0 });
  });
}
