/**
 * The egress corpus through the built extension (run-egress-corpus.ts): a key read on one site, carried out
 * plain and disguised through navigate, open_tab, fetch_url, web_search, fill_form, type, select and set_value,
 * each after the user approved that path for a data-free use. Every attempt asks with the flow named and is
 * denied; the sink (TLS and plain) sees its control requests and nothing carrying the key.
 */
import { expect, test } from '@playwright/test';
import { runEgressCorpus } from './run-egress-corpus';
import { SINK_BROWSER_ARGS, startEgressSink } from './egress-sink';
import { startSecuritySession } from './security-session';
import { serveTwoOrigins } from './serve-two-origins';

test('every way out asks, names the flow, and lets nothing carrying the secret leave', async () => {
  test.setTimeout(300_000);
  const sites = await serveTwoOrigins(['egress-secret.html', 'egress-form.html']);
  const sink = await startEgressSink();
  const session = await startSecuritySession({ args: SINK_BROWSER_ARGS });
  try {
    const report = await runEgressCorpus(session, sites, sink);
    expect(report.controls).toEqual({ tls: true, plain: true });
    expect(report.violations).toEqual([]);
    expect(report.paths.map((p) => p.path)).toEqual([
      'navigate',
      'open_tab',
      'fetch_url',
      'web_search',
      'fill_form',
      'type',
      'select',
      'set_value',
    ]);
    expect(report.paths.every((p) => p.gated)).toBe(true);
    expect(report.cases).toBe(63);
    expect(report.writes).toEqual({ unapproved_writes: 0, cross_origin_writes: 0 });
  } finally {
    await session.close();
    await sink.close();
    await sites.close();
  }
});
