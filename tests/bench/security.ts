/**
 * security: the issue 10 security suite as counts. Runs the exfiltration/XSS corpus (tests/security) through
 * the built extension with a fake LLM that answers as a compromised model, and prints every key of the
 * issue's last line. Target: every count 0 except `cases` (at least 150 once every corpus is in).
 * Usage: npm run bench -- security
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { startFakeLlm } from '../fake-llm';
import { extensionDir, launchExtension } from '../harness/launch-extension';
import { countExfil, runExfilCorpus } from '../security/run-exfil-corpus';

if (!existsSync(`${extensionDir}/manifest.json`)) spawnSync('npx', ['wxt', 'build'], { stdio: 'inherit' });

const llm = await startFakeLlm();
const ext = await launchExtension();
try {
  const report = await runExfilCorpus({ context: ext.context, extensionId: ext.extensionId, llm });
  for (const r of report.requests) console.log(`request (${r.witness}, vector ${r.vector}): ${r.url}`);
  for (const id of report.xss) console.log(`script ran: ${id}`);
  for (const finding of report.unsafeMarkup) console.log(`unsafe markup: ${finding}`);
  for (const id of report.notRendered) console.log(`not rendered (swallowed by an earlier vector): ${id}`);
  for (const v of report.cspViolations) console.log(`blocked only by the CSP: ${v}`);
  const exfil = countExfil(report);
  // Only the exfiltration/XSS corpus is measured on this branch. The other keys are filled by the slices that
  // own their corpora (hidden-text pages, approvals and origins, the privacy corpus, injection with indexing
  // off); until then they print NA, and `cases` counts this corpus only.
  const line = {
    cases: exfil.cases,
    hidden_canaries_to_model: 'NA',
    exfil_requests: exfil.exfilRequests,
    unapproved_writes: 'NA',
    cross_origin_writes: 'NA',
    xss_executions: exfil.xssExecutions,
    secrets_indexed: 'NA',
    injected_pages_with_index_off: 'NA',
  };
  console.log(`security: ${Object.entries(line).map(([k, v]) => `${k}=${v}`).join(' ')}`);
} finally {
  await ext.close();
  await llm.close();
}
