/**
 * managed: organisation policy, in the built extension with Chromium reading a real policy file
 * (tests/harness/managed-policy.ts; needs write access to the managed policies folder, as root).
 * - policy_apply_ms: from Chromium handing a changed policy to the extension (chrome.storage.onChanged for the
 *   'managed' area, heard in an extension page) to the change in force in the worker: remembering forced off
 *   (the background answers it is off and the capture script is unregistered), or lifted again (both back on).
 *   Median of --runs changes, alternating. Chromium's own wait before it reads a changed file (it loads a file
 *   once it has been still for about 5 s) is printed beside it, not counted: no extension can shorten it.
 * - proxy_overhead_ms_p50, proxy_ttft_ratio: time to first token through the team server's pass-through against
 *   straight to the fake LLM, the same run, through the real SDKs (_proxy-overhead.ts); needs no root.
 * - activity_lines_lost: the built extension signed in to a team server, the server stopped for 60 s (--down S)
 *   while activity lines are made, then back (_activity-upload.ts): lines lost plus lines doubled; 0 is the target.
 * Usage: npm run bench -- managed [--runs N] [--only policy|activity|proxy] [--down S] [--proxy-runs N]
 *   (--only activity and --only proxy need no root: they write no policy file; the parts not run print NA)
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { callBackground } from '../harness/extension-helpers';
import { extensionDir, launchExtension } from '../harness/launch-extension';
import { prepareManagedExtension } from '../harness/managed-policy';
import { median, round } from './_stats';
import { measureActivityLinesLost } from './_activity-upload';
import { describeProxyOverhead, measureProxyOverhead } from './_proxy-overhead';

const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt === -1 ? 6 : Number(process.argv[runsAt + 1]);
const onlyAt = process.argv.indexOf('--only');
const ONLY = onlyAt === -1 ? undefined : process.argv[onlyAt + 1];
if (ONLY !== undefined && ONLY !== 'policy' && ONLY !== 'activity' && ONLY !== 'proxy')
  throw new Error('--only takes policy, activity or proxy');
const proxyRunsAt = process.argv.indexOf('--proxy-runs');
const PROXY_RUNS = proxyRunsAt === -1 ? 30 : Number(process.argv[proxyRunsAt + 1]);
const downAt = process.argv.indexOf('--down');
const DOWN_MS = (downAt === -1 ? 60 : Number(process.argv[downAt + 1])) * 1000;

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

const applied: number[] = [];
const chromeWaits: number[] = [];
const runs = (part: 'policy' | 'activity' | 'proxy') => ONLY === undefined || ONLY === part;
if (runs('policy')) {
  const managed = prepareManagedExtension({});
  const ext = await launchExtension({ dir: managed.dir });
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
}
if (runs('policy'))
  console.log(
    `target: policy_apply_ms <= 1000; Chromium's own wait before reading a changed file, median ${round(median(chromeWaits) / 1000, 1)} s (not counted)`,
  );
let activityLinesLost = 'NA';
if (runs('activity')) {
  const r = await measureActivityLinesLost(DOWN_MS);
  console.log(
    `activity upload: ${r.made} lines made, the server down ${DOWN_MS / 1000} s and the worker killed twice; ${r.lost} lost, ${r.doubled} doubled; ${r.uploads} uploads answered; the outbox empty ${round(r.drainMs / 1000, 1)} s after the server came back`,
  );
  console.log('target: activity_lines_lost = 0');
  activityLinesLost = String(r.lost + r.doubled);
}
let proxyOverhead = 'NA';
let proxyRatio = 'NA';
if (runs('proxy')) {
  const proxy = await measureProxyOverhead(PROXY_RUNS);
  console.log(describeProxyOverhead(proxy));
  proxyOverhead = String(round(proxy.overheadP50, 2));
  proxyRatio = String(round(proxy.ratio, 2));
}
const policyApplyMs = runs('policy') ? round(median(applied), 1) : 'NA';
console.log(
  `managed: policy_apply_ms=${policyApplyMs} proxy_overhead_ms_p50=${proxyOverhead} proxy_ttft_ratio=${proxyRatio} activity_lines_lost=${activityLinesLost}`,
);
