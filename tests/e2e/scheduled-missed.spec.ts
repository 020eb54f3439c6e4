/**
 * A slot that passes while the browser is closed: at the next start it runs once (a task that says so) or is
 * recorded as skipped (a task that says skip), never twice. The browser is really closed: the context stops and
 * Chromium starts again on the same profile.
 */
import { test, expect } from '@playwright/test';
import { launchExtension } from '../harness/launch-extension';
import { addFakeProvider, callBackground } from '../harness/extension-helpers';
import { startFakeLlm } from '../fake-llm';
import { chatRequests, isTitleRequest } from './fixtures';
import { hourlyFrom, listRuns, stopWorker } from '../harness/schedule-helpers';

test('a schedule missed while the browser was closed runs once at start, or is skipped', async () => {
  test.setTimeout(120_000);
  const llm = await startFakeLlm();
  llm.respondTo(isTitleRequest, { text: ['Canned title'] });
  llm.setFallback({ text: ['Caught up.'] });
  const first = await launchExtension();
  let second: Awaited<ReturnType<typeof launchExtension>> | undefined;
  try {
    const page = await first.context.newPage();
    await page.goto(`chrome-extension://${first.extensionId}/options.html`);
    await addFakeProvider(page, llm, 'm');
    await callBackground(page, 'tasks.save', { name: 'catch-up', instruction: 'Catch up', schedule: hourlyFrom(4000) });
    await callBackground(page, 'tasks.save', {
      name: 'only-live',
      instruction: 'Skip',
      schedule: hourlyFrom(4000, 'skip'),
    });
    const { upcoming } = await listRuns(page);
    // Each task's first slot, four seconds on.
    const due = Math.max(...['catch-up', 'only-live'].map((n) => upcoming.find((u) => u.taskName === n)!.at));
    await first.close(true);
    expect(chatRequests(llm)).toHaveLength(0);
    // Closed through the slot.
    await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now()) + 1500));
    second = await launchExtension({ userDataDir: first.userDataDir, extensionId: first.extensionId });
    // Nothing is opened: the browser's start wakes the worker, which runs what was missed.
    await expect.poll(() => chatRequests(llm).length, { timeout: 30_000 }).toBe(1);
    const again = await second.context.newPage();
    await again.goto(`chrome-extension://${second.extensionId}/options.html`);
    await expect
      .poll(async () => (await listRuns(again)).runs.map((r) => [r.taskName, r.status, r.missed]).sort(), {
        timeout: 30_000,
      })
      .toEqual([
        ['catch-up', 'done', true],
        ['only-live', 'skipped', true],
      ]);
    expect(chatRequests(llm)).toHaveLength(1);
    expect(JSON.stringify(chatRequests(llm)[0]!.body)).toContain('Catch up');
    // A new worker at the same start finds both slots claimed.
    await stopWorker(second.context, again);
    expect((await listRuns(again)).runs).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await listRuns(again)).runs).toHaveLength(2);
    expect(chatRequests(llm)).toHaveLength(1);
  } finally {
    await second?.close();
    await first.close().catch(() => undefined);
    await llm.close();
  }
});
