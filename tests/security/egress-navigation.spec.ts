/**
 * Every way out is gated, end to end (the scenarios are in run-egress-navigation.ts): a compromised model
 * that read a secret cannot send it to another site through a known site's redirects (302, meta refresh,
 * script), nor through a link in its answer, without the user being asked; the sink's own count of what it
 * received carrying the secret stays 0.
 */
import { test } from '../e2e/fixtures';
import { addFakeProvider, egressScenarios } from './run-egress-navigation';
import { serveEgressSites, type EgressSites } from './serve-egress-sites';

let sites: EgressSites;
test.beforeAll(async () => {
  sites = await serveEgressSites();
});
test.afterAll(async () => {
  await sites?.close();
});

for (const [name, scenario] of Object.entries(egressScenarios)) {
  test(name, async ({ context, extensionId, llm, extPage }) => {
    const f = { context, extensionId, llm, extPage };
    await addFakeProvider(f);
    await scenario(f, sites);
  });
}
