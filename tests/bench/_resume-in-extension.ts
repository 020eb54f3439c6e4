/**
 * Resume latency in the built extension: a run is streaming when the service worker is killed; the panel's
 * reconnect wakes a fresh worker. Measured from DevTools reporting the old worker stopped to the fake server
 * receiving the resumed model request (both clocks are this Node process's). That is an upper bound on
 * "wake to next request": it also counts the panel's 100 ms reconnect delay and the worker's start-up.
 * (DevTools' "running" report for the new worker can arrive after its first request, so it is no clock.)
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { startFakeLlm } from '../fake-llm';
import { addProvider, openPanel, sendChat } from '../harness/extension-helpers';
import { extensionDir, launchExtension } from '../harness/launch-extension';

export async function resumeInExtension(runs: number): Promise<number[]> {
  if (!existsSync(`${extensionDir}/manifest.json`)) spawnSync('npx', ['wxt', 'build'], { stdio: 'inherit' });
  const llm = await startFakeLlm();
  llm.respondTo((r) => JSON.stringify(r.body ?? '').includes('short title'), { text: ['Title'] });
  const ext = await launchExtension();
  const results: number[] = [];
  try {
    const options = await ext.context.newPage();
    await options.goto(`chrome-extension://${ext.extensionId}/options.html`);
    await addProvider(options, {
      kind: 'openai-compatible',
      name: 'Bench',
      baseUrl: llm.openaiBaseUrl,
      model: 'bench',
    });
    const panel = await openPanel(ext.context, ext.extensionId);
    for (let i = 0; i < runs; i++) {
      await panel.getByRole('button', { name: 'New' }).click();
      let resumedAt = 0;
      llm.enqueue({ text: Array.from({ length: 200 }, (_, k) => `w${k} `), chunkDelayMs: 50 }, () => {
        resumedAt = Date.now();
        return { text: ['resumed.'] };
      });
      await sendChat(panel, `long answer ${i}`);
      await panel.locator('.message.assistant').last().getByText('w5', { exact: false }).waitFor();
      const cdp = await ext.context.newCDPSession(panel);
      await cdp.send('ServiceWorker.enable');
      const stopped = new Promise<number>((resolve) => {
        cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
          if (versions.some((v) => v.runningStatus === 'stopped')) resolve(Date.now());
        });
      });
      await cdp.send('ServiceWorker.stopAllWorkers');
      const wokeAt = await stopped;
      await panel.locator('.message.assistant[data-status="complete"]').last().waitFor({ timeout: 30_000 });
      await cdp.detach();
      results.push(resumedAt - wokeAt);
      console.log(
        `resume in extension, run ${i + 1}: ${resumedAt - wokeAt} ms from the kill to the next model request`,
      );
    }
  } finally {
    await ext.close();
    await llm.close();
  }
  return results;
}
