/** Helpers for scheduled tasks end to end (e2e, security, the workflows bench): no waiting real hours. */
import type { BrowserContext, Page, Worker } from '@playwright/test';
import type { ScheduledRunsView } from '../../lib/background/protocol';
import { callBackground } from './extension-helpers';

/** Every hour from `inMs` from now: the first slot a moment away (an alarm with `when`, as the product sets it). */
export const hourlyFrom = (inMs: number, missed: 'run' | 'skip' = 'run') => ({
  every: 'hours' as const,
  hours: 1,
  from: Date.now() + inMs,
  timeZone: 'UTC',
  missed,
});

export const listRuns = (page: Page) => callBackground<ScheduledRunsView>(page, 'schedules.runs', {});

/** The extension's service worker as it runs now (a new one after each stop). */
export async function currentWorker(context: BrowserContext): Promise<Worker> {
  for (let i = 0; i < 100; i++) {
    for (const w of context.serviceWorkers().reverse()) {
      if (!w.url().startsWith('chrome-extension://')) continue;
      const alive = await Promise.race([
        w.evaluate(() => 'tabwiseSchedules' in globalThis).catch(() => false),
        new Promise<false>((r) => setTimeout(() => r(false), 500)),
      ]);
      if (alive) return w;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no running extension worker');
}

/**
 * Stops the extension's worker as Chrome does when it is idle, and resolves once DevTools says it stopped.
 * Unlike killServiceWorker, nothing wakes it again: the next alarm (or message) does.
 */
export async function stopWorker(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const stopped = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the worker did not stop')), 15_000);
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      if (versions.some((v) => v.scriptURL.startsWith('chrome-extension://') && v.runningStatus === 'stopped')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  try {
    await stopped;
  } finally {
    await cdp.detach();
  }
}

/** What the worker's notifications said (the schedule feature keeps them for this: no CDP for notifications). */
export async function shownNotices(
  context: BrowserContext,
): Promise<Record<string, { title: string; message: string }>> {
  const w = await currentWorker(context);
  return w.evaluate(() =>
    (
      globalThis as unknown as { tabwiseSchedules: { shown(): Record<string, { title: string; message: string }> } }
    ).tabwiseSchedules.shown(),
  );
}

/** Clicks a notification the way Chrome would call the listener (without the user gesture a real click carries). */
export async function clickNotice(context: BrowserContext, id: string): Promise<void> {
  const w = await currentWorker(context);
  await w.evaluate(
    (nid) =>
      (globalThis as unknown as { tabwiseSchedules: { clickNotice(id: string): void } }).tabwiseSchedules.clickNotice(
        nid,
      ),
    id,
  );
}
