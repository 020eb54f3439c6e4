/**
 * The scheduled-run half of the workflows bench, through the built extension with the fake LLM: `count` tasks,
 * each scheduled a few seconds apart (an alarm with `when`, as the product sets it). The worker is stopped
 * after the tasks are saved (so each alarm must wake it) and again during each run's model stream (the run
 * resumes from its journal once something wakes the worker: the Runs view's request here, as a user opening it).
 *
 * - alarm_fire_delay_ms: from a slot's scheduled time to its run's first request at the fake LLM.
 * - missed_or_doubled_runs: tasks whose slot never ran, plus runs beyond one per slot (records and
 *   conversations), after every run finished.
 */
import type { Page } from '@playwright/test';
import { startFakeLlm } from '../../fake-llm';
import { launchExtension } from '../../harness/launch-extension';
import { addFakeProvider, callBackground } from '../../harness/extension-helpers';
import { listRuns, stopWorker } from '../../harness/schedule-helpers';
import { TITLE_INSTRUCTION } from '../../../lib/background/generate-title';

const GAP_MS = 6_000;
const FIRST_MS = 4_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(what: string, read: () => Promise<T> | T, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

export async function measureAlarms(count = 5): Promise<{ delays: number[]; missedOrDoubled: number }> {
  const llm = await startFakeLlm();
  llm.respondTo((r) => JSON.stringify(r.body ?? '').includes(TITLE_INSTRUCTION), { text: ['Title'] });
  // Every run's first call streams for about two seconds, so the worker can be stopped during it.
  llm.setFallback((req) =>
    JSON.stringify(req.body).includes('"role":"assistant"')
      ? { text: ['done'] }
      : { text: Array.from({ length: 20 }, (_, i) => `w${i} `), chunkDelayMs: 100 },
  );
  const launched = await launchExtension();
  try {
    const page: Page = await launched.context.newPage();
    await page.goto(`chrome-extension://${launched.extensionId}/options.html`);
    await addFakeProvider(page, llm, 'm');
    const base = Date.now() + FIRST_MS;
    const slots = Array.from({ length: count }, (_, i) => base + i * GAP_MS);
    for (const [i, from] of slots.entries())
      await callBackground(page, 'tasks.save', {
        name: `bench-${i}`,
        instruction: `Bench task ${i}`,
        schedule: { every: 'hours', hours: 1, from, timeZone: 'UTC', missed: 'run' },
      });
    const chat = () =>
      llm.requests.filter((r) => r.method === 'POST' && !JSON.stringify(r.body).includes(TITLE_INSTRUCTION));
    const firstOf = (i: number) => chat().find((r) => JSON.stringify(r.body).includes(`Bench task ${i}`));
    const delays: number[] = [];
    await stopWorker(launched.context, page);
    for (const [i, slot] of slots.entries()) {
      const first = await waitFor(
        `task ${i}'s first request`,
        () => firstOf(i),
        (r) => r !== undefined,
        GAP_MS + 30_000,
      );
      delays.push(first!.at - slot);
      // During the stream: stopped, then woken by the Runs view, which the resumed run finishes.
      await sleep(500);
      await stopWorker(launched.context, page);
      await waitFor(
        `task ${i}'s run to finish`,
        async () => (await listRuns(page)).runs.find((r) => r.taskName === `bench-${i}`)?.status,
        (s) => s === 'done' || s === 'failed' || s === 'stopped',
      );
      // Stopped again before the next alarm: it must wake the worker itself.
      if (i < count - 1) await stopWorker(launched.context, page);
    }
    await sleep(2_000);
    const { runs } = await listRuns(page);
    const conversations = await callBackground<unknown[]>(page, 'conversations.list', {});
    let bad = 0;
    for (let i = 0; i < count; i++) {
      const mine = runs.filter((r) => r.taskName === `bench-${i}`);
      if (mine.length === 0 || mine.every((r) => r.status !== 'done')) bad += 1;
      bad += Math.max(0, mine.length - 1);
    }
    bad += Math.max(0, conversations.length - count);
    return { delays, missedOrDoubled: bad };
  } finally {
    await launched.close();
    await llm.close();
  }
}
