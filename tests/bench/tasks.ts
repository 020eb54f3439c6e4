/**
 * tasks: the task gallery (tests/fixtures/tasks/all-tasks.ts) as numbers.
 *
 * - tasks, oracle_success, mean_tool_calls: every task run end to end through the built extension, with the
 *   oracle planner standing in for the model and approvals clicked as a user would (the same runner as
 *   tests/e2e/task-gallery.spec.ts), each in a fresh profile; success is the task's own check of the page.
 * - snapshot_ms_p50: get_page_state's work inside the page (the page agent's handler, from the call to its
 *   answer) on a generated page of about 5,000 elements (tests/bench/page-tools/generate-pages.ts), median
 *   of 25 runs after 3 warm-up runs (the first calls compile the code). The page agent runs alone in the page here (tests/bench/tasks/page-agent-entry.ts), without
 *   the messaging around it, which is the worker's time, not the page's.
 * - action_ms_p50: the time of an action excluding the page's own work, median over every click, type,
 *   select and set_value call the gallery's oracles make when their tasks are replayed against the page agent
 *   injected into each task page: the page agent's time for the call minus the settle wait after acting
 *   (observeChanges waits until the page has been quiet for 80 ms, up to 1 s: that wait is the page reacting
 *   plus the quiet window, not the tool). What remains is finding the element, the checks, the events a person
 *   would cause (the page's synchronous listeners run inside them and are counted) and the before/after
 *   pictures that say what changed.
 *
 * - mean_steps_to_finish: model calls (steps) per task, over the tasks that succeeded; step_limit_hits: tasks whose
 *   run paused at the step limit (default 10) to ask "Continue for N more steps?" (the runner answers Stop here and
 *   the task counts as failed).
 *
 * Targets: tasks >= 50 (all lists), oracle_success >= 0.97, step_limit_hits = 0, snapshot_ms_p50 <= 50,
 * action_ms_p50 <= 30.
 * Usage: npm run bench -- tasks   (TASKS_NO_BUILD=1 skips `wxt build`; TASKS_FILTER=<text> runs matching ids)
 */
import { chromium } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { startFakeLlm } from '../fake-llm';
import { serveFixturePages } from '../fixtures/pages';
import { allTasks } from '../fixtures/tasks/all-tasks';
import { chromiumArgs, chromiumPath } from '../harness/chromium';
import { launchExtension } from '../harness/launch-extension';
import { isTitleRequest } from '../e2e/fixtures';
import { runGalleryTask } from '../e2e/run-gallery-task';
import { median } from './_stats';
import { formsPageHtml } from './page-tools/generate-pages';
import { bundlePageAgent, runTaskInPage } from './tasks/run-task-in-page';

const ACTIONS = new Set(['click', 'type', 'select', 'set_value']);
const SNAPSHOT_REPS = 25;
const tasks = allTasks.filter((t) => !process.env.TASKS_FILTER || t.id.includes(process.env.TASKS_FILTER));

console.log(
  `cpu: ${cpus()[0]?.model ?? 'unknown'} x${cpus().length}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
if (process.env.TASKS_NO_BUILD !== '1') {
  const build = spawnSync('npx', ['wxt', 'build'], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`wxt build failed:\n${build.stdout}\n${build.stderr}`);
}
const pages = await serveFixturePages();

// 1. Every task through the built extension.
let passed = 0;
let toolCalls = 0;
let finishedSteps = 0;
let limitHits = 0;
for (const task of tasks) {
  const launched = await launchExtension();
  const llm = await startFakeLlm();
  llm.respondTo(isTitleRequest, { text: ['Task'] });
  const started = Date.now();
  try {
    const extPage = await launched.context.newPage();
    await extPage.goto(`chrome-extension://${launched.extensionId}/options.html`);
    const outcome = await runGalleryTask(task, {
      context: launched.context,
      extensionId: launched.extensionId,
      llm,
      extPage,
      pagesUrl: pages.url,
    });
    if (outcome.ok === true) {
      passed++;
      finishedSteps += outcome.steps;
    }
    if (outcome.hitStepLimit) limitHits++;
    toolCalls += outcome.toolCalls;
    console.log(
      `task ${task.id}: ${outcome.ok === true ? 'ok' : `FAILED (${outcome.ok})`}, ${outcome.toolCalls} tool calls, ${outcome.steps} steps, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    console.log(`task ${task.id}: FAILED (${String(error).split('\n')[0]})`);
  } finally {
    await llm.close();
    await launched.close();
  }
}

// 2 and 3. The page agent alone in headless Chromium: the snapshot of a big page, and the gallery's actions.
const script = await bundlePageAgent();
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
let snapshotMs: number[] = [];
const actionMs: number[] = [];
try {
  const page = await browser.newPage();
  await page.setContent(formsPageHtml());
  await page.addScriptTag({ content: script });
  const big = await page.evaluate(async (reps) => {
    const agent = (
      globalThis as unknown as {
        TabwiseAgent: { callTool(t: string, a: unknown): Promise<{ ok: boolean; ms: number; result: string }> };
      }
    ).TabwiseAgent;
    const ms: number[] = [];
    let listed = 0;
    for (let r = 0; r < 3; r++) await agent.callTool('get_page_state', {});
    for (let r = 0; r < reps; r++) {
      const answer = await agent.callTool('get_page_state', {});
      if (!answer.ok) throw new Error(answer.result);
      ms.push(answer.ms);
      listed = (JSON.parse(answer.result) as { total: number }).total;
    }
    return { ms, listed, elements: document.getElementsByTagName('*').length };
  }, SNAPSHOT_REPS);
  snapshotMs = big.ms;
  console.log(
    `snapshot page: ${big.elements} elements, ${big.listed} interactive; ms: ${snapshotMs.map((x) => x.toFixed(1)).join(' ')}`,
  );
  await page.close();

  for (const task of tasks) {
    const taskPage = await browser.newPage();
    await taskPage.goto(new URL(task.page, pages.url).href);
    await taskPage.addScriptTag({ content: script });
    const run = await runTaskInPage(task, taskPage);
    const own = run.calls.filter((c) => c.ok && ACTIONS.has(c.tool)).map((c) => c.ms - c.settleMs);
    actionMs.push(...own);
    console.log(
      `replay ${task.id}: ${run.ok === true ? 'ok' : `not replayed (${run.ok})`}; action ms ${own.map((x) => x.toFixed(1)).join(' ')}`,
    );
    await taskPage.close();
  }
} finally {
  await browser.close();
  await pages.close();
}

const n = tasks.length;
const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : 'NA');
console.log(`actions measured: ${actionMs.length}`);
console.log(
  `tasks: tasks=${n} oracle_success=${n ? (passed / n).toFixed(2) : 'NA'} mean_tool_calls=${n ? (toolCalls / n).toFixed(1) : 'NA'} mean_steps_to_finish=${passed ? (finishedSteps / passed).toFixed(1) : 'NA'} step_limit_hits=${limitHits} snapshot_ms_p50=${fmt(median(snapshotMs))} action_ms_p50=${fmt(median(actionMs))}`,
);
