/**
 * The worker is stopped at the moment the user approves: the panel posts the decision on a Port that is already
 * dead but whose onDisconnect has not fired yet (its main thread was busy when Chrome closed the Port). The
 * decision must still reach the fresh worker, once: the approved action happens exactly once, and the card ends
 * decided, not waiting again and not stuck on "sending".
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CDPSession } from '@playwright/test';
import {
  addFakeProvider,
  assistantMessages,
  callBackground,
  chatRequests,
  expect,
  openPanel,
  sendChat,
  test,
} from './fixtures';

/** Resolves with the wall-clock time at which DevTools reported the extension's worker stopped. */
function workerStopped(cdp: CDPSession): Promise<number> {
  return new Promise((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const v of versions)
        if (v.scriptURL.startsWith('chrome-extension://') && v.runningStatus === 'stopped') resolve(Date.now());
    });
  });
}

test('stopped right as the user approves: the decision arrives once, the action runs once, the card ends decided', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm);
  llm.enqueue(
    { toolCalls: [{ id: 'save', name: 'memory_save', arguments: '{"text":"Bike lock 3141"}' }] },
    {
      text: ['Saved it.'],
    },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Remember my bike lock code 3141');
  const answer = assistantMessages(panel).last();
  const card = answer.locator('.tool-card[data-tool="memory_save"]');
  await expect(card.getByRole('button', { name: 'Approve' })).toBeVisible();

  // A signal the panel can read while its thread is held: a loopback server the test flags once the worker stopped.
  let workerGone = false;
  const flag = createServer((_req, res) => {
    res.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'text/plain' });
    res.end(workerGone ? 'stopped' : 'running');
  });
  await new Promise<void>((resolve) => flag.listen(0, '127.0.0.1', resolve));
  const flagUrl = `http://127.0.0.1:${(flag.address() as AddressInfo).port}/`;

  const cdp = await context.newCDPSession(panel);
  await cdp.send('ServiceWorker.enable');
  const stopped = workerStopped(cdp).then((at) => ((workerGone = true), at));
  // The panel's thread is held busy (asking the flag with synchronous requests, which run no task) until the
  // worker has stopped, then clicks Approve in the same task: the Port's disconnection is queued behind it, so
  // the click posts on a Port Chrome has already closed.
  const clicked = panel.evaluate((url) => {
    const until = Date.now() + 15_000;
    for (;;) {
      const ask = new XMLHttpRequest();
      ask.open('GET', url, false);
      ask.send();
      if (ask.responseText === 'stopped' || Date.now() > until) break;
    }
    const approve = [
      ...document.querySelectorAll<HTMLButtonElement>('.tool-card[data-tool="memory_save"] button'),
    ].find((b) => b.textContent === 'Approve');
    approve!.click();
    return Date.now();
  }, flagUrl);
  await panel.waitForTimeout(300);
  await cdp.send('ServiceWorker.stopAllWorkers');
  const [stoppedAt, clickedAt] = await Promise.all([stopped, clicked]);
  flag.closeAllConnections();
  flag.close();
  // The race happened as staged: the worker was gone before the click.
  expect(stoppedAt).toBeLessThan(clickedAt);
  await cdp.detach();

  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });
  await expect(answer).toContainText('Saved it.');
  // The card ends decided: no buttons, no "sending", the approval shown.
  await expect(card.locator('.decision.approved')).toHaveText('Approved');
  await expect(card.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(card.locator('.decision.sending')).toHaveCount(0);
  // The action ran exactly once, and the model was asked exactly twice (the call, then its result).
  const memories = await callBackground<{ text: string }[]>(extPage, 'memories.list', {});
  expect(memories.map((m) => m.text)).toEqual(['Bike lock 3141']);
  expect(chatRequests(llm)).toHaveLength(2);
});
