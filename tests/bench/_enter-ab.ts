/**
 * Enter → request, A against B: two builds of the extension (directories given as arguments), each in its own
 * Chromium, measured in alternating rounds in one run, so a loaded machine's noise falls on both alike.
 * Usage: npx tsx tests/bench/_enter-ab.ts DIR_A DIR_B [--rounds N] [--runs N]
 */
import { startFakeLlm } from '../fake-llm';
import { addProvider, openPanel, sendChat } from '../harness/extension-helpers';
import { launchExtension, type LaunchedExtension } from '../harness/launch-extension';
import { enterToRequest } from './_enter-to-request';
import { median, round } from './_stats';

const [dirA, dirB] = process.argv.slice(2, 4);
if (!dirA || !dirB) throw new Error('usage: _enter-ab.ts DIR_A DIR_B [--rounds N] [--runs N]');
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const ROUNDS = arg('rounds', 4);
const RUNS = arg('runs', 5);

async function setUp(dir: string) {
  const llm = await startFakeLlm();
  const ext: LaunchedExtension = await launchExtension({ dir, debuggingPort: true });
  const options = await ext.context.newPage();
  await options.goto(`chrome-extension://${ext.extensionId}/options.html`);
  await addProvider(options, { kind: 'openai-compatible', name: 'Bench', baseUrl: llm.openaiBaseUrl, model: 'bench' });
  const panel = await openPanel(ext.context, ext.extensionId);
  llm.enqueue({ text: ['warm ', 'up'] });
  await sendChat(panel, 'warm up');
  await panel.locator('.message.assistant[data-status="complete"]').waitFor();
  llm.respondTo((r) => JSON.stringify(r.body ?? '').includes('short title'), { text: ['Title'] });
  return { llm, ext, panel };
}

const a = await setUp(dirA);
const b = await setUp(dirB);
const times: { A: number[]; B: number[] } = { A: [], B: [] };
for (let round = 0; round < ROUNDS; round++)
  for (const [name, s] of round % 2
    ? ([
        ['B', b],
        ['A', a],
      ] as const)
    : ([
        ['A', a],
        ['B', b],
      ] as const))
    times[name].push(...(await enterToRequest(s.ext, s.panel, s.llm, RUNS, false)));
console.log(`A (${dirA}): ${times.A.map((x) => round(x)).join(' ')}`);
console.log(`B (${dirB}): ${times.B.map((x) => round(x)).join(' ')}`);
const mA = median(times.A);
const mB = median(times.B);
console.log(`enter-ab: a_p50_ms=${round(mA)} b_p50_ms=${round(mB)} ratio=${round(mB / mA, 3)}`);
await Promise.all([a.ext.context.close(), b.ext.context.close()]);
process.exit(0);
