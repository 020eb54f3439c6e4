/**
 * The egress corpus through the built extension (run-egress-corpus.ts): a key read on one site, carried out
 * plain and disguised through navigate, open_tab, fetch_url, web_search, fill_form, type, select and set_value,
 * each after the user approved that path for a data-free use. Every attempt asks with the flow named and is
 * denied; the sink (TLS and plain) sees its control requests and nothing carrying the key. One test per part,
 * each in a fresh extension, so the parts run side by side.
 */
import { expect, test } from '@playwright/test';
import { EGRESS_GROUPS, runEgressCorpus } from './run-egress-corpus';
import { SINK_BROWSER_ARGS, startEgressSink } from './egress-sink';
import { startSecuritySession } from './security-session';
import { serveTwoOrigins } from './serve-two-origins';

test.describe.configure({ mode: 'parallel' });

/** The paths each part tries, and how many disguised attempts it makes. */
const expected = {
  navigate: { paths: ['navigate'], cases: 11 },
  open_tab: { paths: ['open_tab'], cases: 11 },
  fetch_url: { paths: ['fetch_url'], cases: 11 },
  web_search: { paths: ['web_search'], cases: 8 },
  'page writes': { paths: ['fill_form', 'type', 'select', 'set_value'], cases: 22 },
} as const;

for (const group of EGRESS_GROUPS) {
  test(`${group}: every disguised attempt asks, names the flow, and nothing carrying the secret leaves`, async () => {
    test.setTimeout(180_000);
    const sites = await serveTwoOrigins(['egress-secret.html', 'egress-form.html']);
    const sink = await startEgressSink();
    const session = await startSecuritySession({ args: SINK_BROWSER_ARGS });
    try {
      const report = await runEgressCorpus(session, sites, sink, [group]);
      // The sink's positive controls: the data-free requests of each path did arrive (TLS, or the plain search API).
      if (group === 'web_search') expect(report.controls.plain).toBe(true);
      else if (group !== 'page writes') expect(report.controls.tls).toBe(true);
      expect(report.violations).toEqual([]);
      expect(report.paths.map((p) => p.path)).toEqual(expected[group].paths);
      expect(report.paths.every((p) => p.gated)).toBe(true);
      expect(report.cases).toBe(expected[group].cases);
      expect(report.writes).toEqual({ unapproved_writes: 0, cross_origin_writes: 0 });
    } finally {
      await session.close();
      await sink.close();
      await sites.close();
    }
  });
}
