/**
 * connected: what the "Connected" issue promises, measured. `providers` is the number of provider presets;
 * `fetch_url_p50_ms` is the median duration of fetch_url calls through the built extension against a local
 * fake site (tests/fake-web): 24 sequential calls in one run after a warm-up call (which creates the offscreen
 * document), each timed by the runtime from the call's start to its result, as the tool card shows it: the
 * request from the service worker, the offscreen reader (Readability and Markdown on a ~1.5 KB article),
 * windowing and the untrusted-data wrapping. Approval (asked once for the site) and model time are not
 * included. The MCP figures come from measureMcp() (tests/bench/connected-mcp.ts).
 * Usage: npm run bench -- connected [--calls N]
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { providerPresetCount } from '../../lib/providers/provider-presets';
import { startFakeLlm } from '../fake-llm';
import { startFakeWeb } from '../fake-web/fake-web';
import { addProvider, callBackground, openPanel, sendChat } from '../harness/extension-helpers';
import { extensionDir, launchExtension } from '../harness/launch-extension';
import { measureMcp } from './connected-mcp';
import { median, round } from './_stats';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const CALLS = Math.max(20, arg('calls', 24));

/** A tool card's duration ("42 ms", "1.3 s") in ms. */
const parseDuration = (text: string) =>
  text.endsWith(' ms') ? Number(text.slice(0, -3)) : Number(text.slice(0, -2)) * 1000;

async function measureFetchUrl(): Promise<number> {
  if (!existsSync(`${extensionDir}/manifest.json`)) spawnSync('npx', ['wxt', 'build'], { stdio: 'inherit' });
  const llm = await startFakeLlm();
  const web = await startFakeWeb();
  const ext = await launchExtension();
  try {
    const options = await ext.context.newPage();
    await options.goto(`chrome-extension://${ext.extensionId}/options.html`);
    await addProvider(options, {
      kind: 'openai-compatible',
      name: 'Bench',
      baseUrl: llm.openaiBaseUrl,
      model: 'bench',
    });
    await callBackground(options, 'settings.update', { maxSteps: 50, maxRunTokens: 2_000_000 });
    const fetchStep = (i: number) => ({
      toolCalls: [{ name: 'fetch_url', arguments: JSON.stringify({ url: `${web.url}/bench?i=${i}` }) }],
    });
    llm.enqueue(...Array.from({ length: CALLS + 1 }, (_, i) => fetchStep(i)), { text: ['done'] });
    const panel = await openPanel(ext.context, ext.extensionId);
    await sendChat(panel, 'Read the bench page many times.');
    await panel
      .locator('.tool-card[data-tool="fetch_url"]')
      .first()
      .getByRole('button', { name: 'Approve' })
      .click({ timeout: 60_000 });
    await panel.locator('.message.assistant[data-status="complete"]').last().waitFor({ timeout: 300_000 });
    const cards = panel.locator('.tool-card[data-tool="fetch_url"][data-status="done"] .tool-duration');
    const durations = (await cards.allTextContents()).map(parseDuration);
    if (durations.length !== CALLS + 1)
      throw new Error(`expected ${CALLS + 1} finished fetch_url calls, got ${durations.length}`);
    const timed = durations.slice(1);
    console.log(
      `fetch_url: ${timed.length} calls after a warm-up of ${durations[0]} ms; min ${Math.min(...timed)} ms, max ${Math.max(...timed)} ms`,
    );
    return round(median(timed));
  } finally {
    await ext.close();
    await web.close();
    await llm.close();
  }
}

const fetchP50 = await measureFetchUrl();
console.log(`providers: ${providerPresetCount} presets; fetch_url p50 ${fetchP50} ms`);
const mcp = await measureMcp();
console.log(
  `connected: mcp_tools=${mcp.mcp_tools} mcp_call_p50_ms=${mcp.mcp_call_p50_ms} mcp_faults_survived=${mcp.mcp_faults_survived} providers=${providerPresetCount} fetch_url_p50_ms=${fetchP50}`,
);
