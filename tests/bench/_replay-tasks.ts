/**
 * Replays gallery tasks against the page agent injected into each page (no extension, no model): a quick way to
 * see which tasks the page tools make possible while working on them. `npx tsx tests/bench/_replay-tasks.ts [filter]`
 * prints each task's outcome, and every call with its result for a task that fails.
 */
import { chromium } from '@playwright/test';
import { serveFixturePages } from '../fixtures/pages';
import { allTasks } from '../fixtures/tasks/all-tasks';
import { chromiumArgs, chromiumPath } from '../harness/chromium';
import { bundlePageAgent, runTaskInPage } from './tasks/run-task-in-page';

const filter = process.argv[2] ?? '';
const tasks = allTasks.filter((t) => t.id.includes(filter));
const pages = await serveFixturePages();
const script = await bundlePageAgent();
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
let passed = 0;
try {
  for (const task of tasks) {
    const page = await browser.newPage();
    await page.goto(new URL(task.page, pages.url).href);
    await page.addScriptTag({ content: script });
    const run = await runTaskInPage(task, page);
    if (run.ok === true) passed++;
    console.log(`${run.ok === true ? 'ok  ' : 'FAIL'} ${task.id}${run.ok === true ? '' : `: ${run.ok}`}`);
    if (run.ok !== true)
      for (const s of run.steps) console.log(`   ${s.tool} ${JSON.stringify(s.args)} → ${s.result.slice(0, 1500)}`);
    await page.close();
  }
} finally {
  await browser.close();
  await pages.close();
}
console.log(`replayed ${tasks.length}, passed ${passed}`);
