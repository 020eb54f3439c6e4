/**
 * Brings a running browser's extension back to the state of a fresh install, so the e2e tests of one worker can
 * share one Chromium (starting Chromium and its first extension pages costs about 2.5 CPU-seconds, the larger part
 * of a short test on the 2-core CI machine). What a fresh profile would not have is removed: every tab, the
 * extension's storage (chrome.storage, IndexedDB, Cache Storage), its network rules and alarms, the sites'
 * cookies; then its worker is stopped, which ends everything it held in memory, and started again, as after Chrome
 * stopped it when idle (chrome.runtime.reload would be closer to a new install, but an
 * extension loaded from the command line does not come back from it in headless Chromium).
 */
import type { Worker } from '@playwright/test';
import type { LaunchedExtension } from './launch-extension';

const WAIT_MS = 15_000;

export async function resetExtension({ context, extensionId }: LaunchedExtension): Promise<void> {
  const origin = `chrome-extension://${extensionId}`;
  const isOurs = (w: Worker) => w.url().startsWith(`${origin}/`);
  // The one tab left open, blank, as a new browser has it (the extPage fixture takes it rather than open another).
  const blank = await context.newPage();
  await Promise.all(context.pages().map((p) => (p === blank ? undefined : p.close().catch(() => {}))));
  await context.clearCookies();

  let worker = context.serviceWorkers().find(isOurs);
  if (!worker) {
    // Stopped (a test killed it, or Chrome did): an extension page wakes it.
    const waking = context.waitForEvent('serviceworker', { predicate: isOurs, timeout: WAIT_MS });
    const page = await context.newPage();
    await page.goto(`${origin}/options.html`);
    worker = await waking;
    await page.close();
  }
  await worker.evaluate(async () => {
    await chrome.offscreen.closeDocument().catch(() => {});
    await Promise.all([chrome.storage.local.clear(), chrome.storage.session.clear(), chrome.storage.sync.clear()]);
    const dynamic = await chrome.declarativeNetRequest.getDynamicRules();
    await chrome.declarativeNetRequest.updateDynamicRules({ removeRuleIds: dynamic.map((r) => r.id) });
    const session = await chrome.declarativeNetRequest.getSessionRules();
    await chrome.declarativeNetRequest.updateSessionRules({ removeRuleIds: session.map((r) => r.id) });
    await chrome.alarms.clearAll();
  });
  const cdp = await context.newCDPSession(blank);
  try {
    await cdp.send('ServiceWorker.enable');
    await stopWorker(cdp, origin);
    // IndexedDB and Cache Storage from the browser's side, once the worker has stopped: a connection still open
    // is closed by force (as a site's "Clear-Site-Data" does), so no database survives half-deleted.
    await cdp.send('Storage.clearDataForOrigin', {
      origin,
      storageTypes: 'indexeddb,cache_storage,local_storage,file_systems',
    });
    // Had anything woken the worker meanwhile, it would hold connections closed under it: stop it once more.
    await cdp.send('ServiceWorker.stopAllWorkers');
    // Started again as Chrome starts a stopped worker for an event, without a page: an extension page costs the
    // browser about a CPU-second to open and close, which a test's own pages then pay again.
    const running = statusReached(cdp, origin, 'running');
    await cdp.send('ServiceWorker.startWorker', { scopeURL: `${origin}/` });
    await running;
  } finally {
    await cdp.detach().catch(() => {});
  }
}

type Cdp = Awaited<ReturnType<LaunchedExtension['context']['newCDPSession']>>;

/** Resolves when DevTools reports the extension's worker in `status`. */
function statusReached(cdp: Cdp, origin: string, status: 'running' | 'stopped'): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the worker was not ${status}`)), WAIT_MS);
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      if (versions.some((v) => v.scriptURL.startsWith(origin) && v.runningStatus === status)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

async function stopWorker(cdp: Cdp, origin: string): Promise<void> {
  const stopped = statusReached(cdp, origin, 'stopped');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await stopped;
}
