/**
 * managed: organisation policy, in the built extension with Chromium reading a real policy file
 * (tests/harness/managed-policy.ts; needs write access to the managed policies folder, as root).
 * - policy_apply_ms: from Chromium handing a changed policy to the extension (chrome.storage.onChanged for the
 *   'managed' area, heard in an extension page) to the change in force in the worker: remembering forced off
 *   (the background answers it is off and the capture script is unregistered), or lifted again (both back on).
 *   Median of --runs changes, alternating. Chromium's own wait before it reads a changed file (it loads a file
 *   once it has been still for about 5 s) is printed beside it, not counted: no extension can shorten it.
 * - proxy_overhead_ms_p50, proxy_ttft_ratio: time to first token through the team server's pass-through against
 *   straight to the fake LLM, the same run, through the real SDKs (_proxy-overhead.ts); runnable alone, without
 *   root: `--only proxy` (policy_apply_ms is then NA).
 * - activity_lines_lost: the activity upload's, not measured yet: NA.
 * Usage: npm run bench -- managed [--runs N] [--proxy-runs N] [--only proxy]
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { callBackground } from '../harness/extension-helpers';
import { extensionDir, launchExtension } from '../harness/launch-extension';
import { prepareManagedExtension } from '../harness/managed-policy';
import { median, round } from './_stats';
import { describeProxyOverhead, measureProxyOverhead } from './_proxy-overhead';

const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt === -1 ? 6 : Number(process.argv[runsAt + 1]);
const proxyRunsAt = process.argv.indexOf('--proxy-runs');
const PROXY_RUNS = proxyRunsAt === -1 ? 30 : Number(process.argv[proxyRunsAt + 1]);
const onlyAt = process.argv.indexOf('--only');
const ONLY = onlyAt === -1 ? undefined : process.argv[onlyAt + 1];
if (ONLY !== undefined && ONLY !== 'proxy') throw new Error(`--only takes "proxy", not ${ONLY}`);

/** The policy part: the median ms from Chromium handing over a changed policy to the change in force. */
async function measurePolicyApply(): Promise<number> {
  if (!existsSync(`${extensionDir}/manifest.json`)) spawnSync('npx', ['wxt', 'build'], { stdio: 'inherit' });

  // In the page: on each managed change, poll the worker (every 2 ms) until the state `want` is in force.
  const LISTEN = `(() => {
    window.__applied = [];
    window.__want = null;
    const bg = (name) => chrome.runtime.sendMessage({ tabwise: 'background', name, data: {} });
    chrome.storage.onChanged.addListener((_changes, area) => {
      if (area !== 'managed' || window.__want === null) return;
      const want = window.__want;
      const t0 = performance.now();
      (async () => {
        for (;;) {
          const reply = await bg('index.settings.get');
          const registered = (await chrome.scripting.getRegisteredContentScripts({ ids: ['tabwise-capture'] })).length > 0;
          if (reply?.ok && reply.value.enabled === want && registered === want) {
            window.__applied.push(performance.now() - t0);
            return;
          }
          await new Promise((r) => setTimeout(r, 2));
        }
      })();
    });
  })()`;

  const managed = prepareManagedExtension({});
  const ext = await launchExtension({ dir: managed.dir });
  const applied: number[] = [];
  const chromeWaits: number[] = [];
  try {
    const page = await ext.context.newPage();
    await page.goto(`chrome-extension://${ext.extensionId}/options.html`);
    await callBackground(page, 'index.settings.update', { enabled: true });
    await page.evaluate(LISTEN);
    for (let run = 0; run < RUNS; run++) {
      const forcedOff = run % 2 === 0;
      await page.evaluate((want) => ((window as unknown as { __want: boolean }).__want = want), !forcedOff);
      const before = applied.length;
      const written = Date.now();
      managed.write(forcedOff ? { rememberingAllowed: false } : {});
      const deadline = Date.now() + 30_000;
      let got: number[] = [];
      while (got.length <= before) {
        if (Date.now() > deadline) throw new Error(`run ${run + 1}: the policy change was not applied within 30 s`);
        await new Promise((r) => setTimeout(r, 20));
        got = (await page.evaluate('window.__applied')) as number[];
      }
      const ms = got[before]!;
      applied.push(ms);
      chromeWaits.push(Date.now() - written - ms);
      console.log(
        `run ${run + 1} (${forcedOff ? 'forced off' : 'lifted'}): applied ${round(ms, 1)} ms after Chromium handed it over (Chromium read the file about ${round((Date.now() - written - ms) / 1000, 1)} s after the write)`,
      );
    }
  } finally {
    await ext.close();
    managed.remove();
  }
  console.log(
    `target: policy_apply_ms <= 1000; Chromium's own wait before reading a changed file, median ${round(median(chromeWaits) / 1000, 1)} s (not counted)`,
  );
  return median(applied);
}

const policyMs = ONLY === 'proxy' ? undefined : await measurePolicyApply();
const proxy = await measureProxyOverhead(PROXY_RUNS);
console.log(describeProxyOverhead(proxy));
const fig = (n: number | undefined, digits = 1) =>
  n === undefined || !Number.isFinite(n) ? 'NA' : String(round(n, digits));
console.log(
  `managed: policy_apply_ms=${fig(policyMs)} proxy_overhead_ms_p50=${fig(proxy.overheadP50, 2)} proxy_ttft_ratio=${fig(proxy.ratio, 2)} activity_lines_lost=NA`,
);
