/**
 * Enter → request on the wire, in the built extension with the side panel open: from the panel's keydown of
 * Enter (its clock) to the fake server receiving the chat request (Date.now() in this process; one machine,
 * one wall clock). `warm`: the worker is running. `cold`: the worker was stopped over DevTools just before,
 * as Chrome stops an idle one, so the message also waits for the worker to start and load.
 * With `phases`, each run's worker marks (lib/util/marks.ts) are read back and handed over as milliseconds
 * after Enter, so a slower figure says where its time went.
 */
import type { Page } from '@playwright/test';
import type { FakeLlm } from '../fake-llm';
import type { LaunchedExtension } from '../harness/launch-extension';

const PANEL_CLOCK = `(() => {
  const box = document.querySelector('textarea, [role="textbox"]');
  window.__enterAt = 0;
  box.addEventListener('keydown', (e) => { if (e.key === 'Enter') window.__enterAt = performance.timeOrigin + performance.now(); }, { capture: true, once: true });
})()`;

/** Milliseconds from Enter to the request, `runs` times; `cold` stops the worker before each Enter. */
export async function enterToRequest(
  ext: LaunchedExtension,
  panel: Page,
  llm: FakeLlm,
  runs: number,
  cold: boolean,
  phases?: (at: Record<string, number>) => void,
): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    await panel.getByRole('button', { name: 'New' }).click();
    const marker = `${cold ? 'cold' : 'warm'} enter ${i} ${Math.random().toString(36).slice(2)}`;
    llm.enqueue({ text: ['ok'] });
    const box = panel.getByRole('textbox', { name: 'Message' });
    await box.fill(marker);
    await panel.evaluate(PANEL_CLOCK);
    if (cold) {
      const cdp = await ext.context.newCDPSession(panel);
      await cdp.send('ServiceWorker.enable');
      const stopped = new Promise<void>((resolve) =>
        cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
          if (versions.some((v) => v.runningStatus === 'stopped')) resolve();
        }),
      );
      await cdp.send('ServiceWorker.stopAllWorkers');
      await stopped;
      await cdp.detach();
    }
    await box.press('Enter');
    const request = await waitForRequest(llm, marker);
    const enterAt = (await panel.evaluate('window.__enterAt')) as number;
    await panel.locator('.message.assistant[data-status="complete"]').last().waitFor({ timeout: 30_000 });
    out.push(request.at - enterAt);
    if (phases) phases(await marksSince(ext, enterAt));
  }
  return out;
}

/** The worker's marks at or after `since` (Enter, epoch ms), each as ms after it; the first of a name wins. */
async function marksSince(ext: LaunchedExtension, since: number): Promise<Record<string, number>> {
  const worker = ext.context.serviceWorkers().at(-1);
  if (!worker) return {};
  const ring = (await worker.evaluate('globalThis.tabwiseMarks ?? []')) as [string, number][];
  const at: Record<string, number> = {};
  for (const [name, t] of ring) if (t >= since && !(name in at)) at[name] = t - since;
  return at;
}

async function waitForRequest(llm: FakeLlm, marker: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = llm.requests.find((r) => JSON.stringify(r.body ?? '').includes(marker));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no request carried "${marker}"`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
