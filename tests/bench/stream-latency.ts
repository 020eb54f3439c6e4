/**
 * stream-latency: the fake server streams 2,000 tokens at 100 tokens/s, recording when it sends each one; the
 * side panel records (MutationObserver) when each token reaches the DOM. Reports the added latency from send
 * to DOM, and the service worker's busy CPU time per delta from a sampling profile of the worker.
 * Then Enter → request on the wire (`_enter-to-request.ts`): with the worker running, and with the worker just
 * stopped (as Chrome stops an idle one); medians of --enter-runs each.
 * Usage: npm run bench -- stream-latency [--tokens N] [--runs N] [--enter-runs N] [--top] [--phases]
 * (--top lists the worker's hottest functions; --phases prints the median ms after Enter of each worker mark.)
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { startFakeLlm } from '../fake-llm';
import { addProvider, openPanel, sendChat } from '../harness/extension-helpers';
import { extensionDir, launchExtension } from '../harness/launch-extension';
import { busyMicros, connectCdp, serviceWorkerDebuggerUrl, topSelfTime } from './_cdp';
import { enterToRequest } from './_enter-to-request';
import { median, percentile, round } from './_stats';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const TOKENS = arg('tokens', 2000);
const RUNS = arg('runs', 3);
const ENTER_RUNS = arg('enter-runs', 9);
const PHASES = process.argv.includes('--phases');
const now = () => performance.timeOrigin + performance.now();

/** The median of each worker mark (ms after Enter) over the runs, in the order the marks came. */
function printPhases(label: string, list: Record<string, number>[]) {
  const names = [...new Set(list.flatMap((at) => Object.keys(at)))];
  const line = names
    .map((n) => [n, median(list.flatMap((at) => (n in at ? [at[n]!] : [])))] as const)
    .sort((a, b) => a[1] - b[1])
    .map(([n, ms]) => `${n}=${round(ms, 1)}`)
    .join(' ');
  console.log(`enter marks, worker ${label} (median ms after Enter): ${line}`);
}

if (!existsSync(`${extensionDir}/manifest.json`)) spawnSync('npx', ['wxt', 'build'], { stdio: 'inherit' });

const llm = await startFakeLlm();
const ext = await launchExtension({ debuggingPort: true });
const results: { p50: number; p95: number; cpu: number }[] = [];
let enterWarm: number[] = [];
let enterCold: number[] = [];
try {
  const options = await ext.context.newPage();
  await options.goto(`chrome-extension://${ext.extensionId}/options.html`);
  await addProvider(options, { kind: 'openai-compatible', name: 'Bench', baseUrl: llm.openaiBaseUrl, model: 'bench' });
  const panel = await openPanel(ext.context, ext.extensionId);
  // Warm-up: the first answer pays for loading the SDK and JIT.
  llm.enqueue({ text: ['warm ', 'up'] });
  await sendChat(panel, 'warm up');
  await panel.locator('.message.assistant[data-status="complete"]').waitFor();
  // Titles are asked for after a first answer; a standing reply keeps them off the queue.
  llm.respondTo((r) => JSON.stringify(r.body ?? '').includes('short title'), { text: ['Title'] });
  const warmPhases: Record<string, number>[] = [];
  const coldPhases: Record<string, number>[] = [];
  const phasesOf = (list: Record<string, number>[]) => (at: Record<string, number>) => list.push(at);
  enterWarm = await enterToRequest(ext, panel, llm, ENTER_RUNS, false, PHASES ? phasesOf(warmPhases) : undefined);
  console.log(`enter → request, worker running (ms): ${enterWarm.map((x) => round(x)).join(' ')}`);
  enterCold = await enterToRequest(ext, panel, llm, ENTER_RUNS, true, PHASES ? phasesOf(coldPhases) : undefined);
  console.log(`enter → request, worker stopped (ms): ${enterCold.map((x) => round(x)).join(' ')}`);
  if (PHASES)
    for (const [label, list] of [
      ['running', warmPhases],
      ['stopped', coldPhases],
    ] as const)
      printPhases(label, list);
  const cdp = await connectCdp(await serviceWorkerDebuggerUrl(ext.debuggingPort!, ext.extensionId));
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });

  for (let run = 0; run < RUNS; run++) {
    await panel.getByRole('button', { name: 'New' }).click();
    const sentAt: number[] = [];
    llm.enqueue({
      chunkDelayMs: 10,
      text: (i) => {
        if (i >= TOKENS) return undefined;
        sentAt[i] = now();
        return `t${i} `;
      },
    });
    await panel.evaluate((tokens) => {
      const w = window as unknown as { __arrivals: number[] };
      w.__arrivals = [];
      let seen = -1;
      const observer = new MutationObserver(() => {
        const nodes = document.querySelectorAll('.message.assistant .markdown');
        const text = nodes[nodes.length - 1]?.textContent ?? '';
        const m = text.match(/t(\d+)\s*$/);
        if (!m) return;
        const at = performance.timeOrigin + performance.now();
        const last = Number(m[1]);
        for (let i = seen + 1; i <= last; i++) w.__arrivals[i] = at;
        seen = Math.max(seen, last);
        if (seen >= tokens - 1) observer.disconnect();
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    }, TOKENS);
    const top = process.argv.includes('--top');
    const panelCdp = top ? await ext.context.newCDPSession(panel) : undefined;
    if (panelCdp) {
      await panelCdp.send('Profiler.enable');
      await panelCdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await panelCdp.send('Profiler.start');
    }
    await cdp.send('Profiler.start');
    await sendChat(panel, `stream ${TOKENS} tokens`);
    await panel.locator('.message.assistant[data-status="complete"]').waitFor({ timeout: TOKENS * 50 + 30_000 });
    const { profile } = await cdp.send<{ profile: Parameters<typeof busyMicros>[0] }>('Profiler.stop');
    const arrivals = await panel.evaluate(() => (window as unknown as { __arrivals: number[] }).__arrivals);
    const latencies = sentAt.map((s, i) => arrivals[i]! - s).filter((x) => Number.isFinite(x));
    if (latencies.length !== TOKENS) throw new Error(`only ${latencies.length} of ${TOKENS} tokens reached the DOM`);
    const r = { p50: percentile(latencies, 50), p95: percentile(latencies, 95), cpu: busyMicros(profile) / TOKENS };
    results.push(r);
    if (panelCdp) {
      const { profile: panelProfile } = await panelCdp.send('Profiler.stop');
      console.log(
        `side panel busy ${round(busyMicros(panelProfile as unknown as Parameters<typeof busyMicros>[0]) / TOKENS, 1)} µs/delta; hottest:`,
      );
      console.log(topSelfTime(panelProfile as unknown as Parameters<typeof topSelfTime>[0], 12).join('\n'));
      await panelCdp.detach();
      console.log('service worker hottest:');
      console.log(topSelfTime(profile as Parameters<typeof topSelfTime>[0]).join('\n'));
      const q = Math.ceil(latencies.length / 4);
      for (let k = 0; k < 4; k++) {
        const part = latencies.slice(k * q, (k + 1) * q);
        console.log(
          `tokens ${k * q}-${k * q + part.length - 1}: p50=${round(percentile(part, 50))} p95=${round(percentile(part, 95))} max=${round(Math.max(...part))}`,
        );
      }
    }
    console.log(
      `run ${run + 1}: p50=${round(r.p50)} ms p95=${round(r.p95)} ms max=${round(Math.max(...latencies))} ms bg_cpu=${round(r.cpu, 1)} µs/delta`,
    );
  }
  cdp.close();
} finally {
  await ext.close();
  await llm.close();
}
console.log(
  `target: p95 <= 16 ms; medians over ${RUNS} runs of ${TOKENS} tokens at 100 tokens/s; Enter → request <= 15 ms running, <= 250 ms stopped`,
);
console.log(
  `stream-latency: p50_ms=${round(median(results.map((r) => r.p50)))} p95_ms=${round(median(results.map((r) => r.p95)))} bg_cpu_us_per_delta=${round(median(results.map((r) => r.cpu)), 1)} enter_to_request_ms_p50=${round(median(enterWarm))} cold_start_to_request_ms_p50=${round(median(enterCold))}`,
);
