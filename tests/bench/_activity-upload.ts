/**
 * activity_lines_lost: the built extension signed in to a team server (embedded Postgres over the wire); the
 * server is stopped for `downMs` while activity lines are made (fills under "always allow", two a turn), the
 * worker killed once during the outage and once while the first upload after it waits for its reply; then the
 * server is back and the bench waits until the outbox is empty. Lost: lines in the local log the server does not
 * have. Doubled: rows the server holds more than once for one line, or holds for no line of the log.
 */
import { startFakeLlm } from '../fake-llm';
import { addProvider, callBackground, killServiceWorker, openPanel, sendChat } from '../harness/extension-helpers';
import { launchExtension } from '../harness/launch-extension';
import { startRestartableTeamServer } from '../harness/restartable-team-server';
import { serveStatic } from '../harness/serve-static';
import { toolCall, toolCard } from '../harness/tool-calls';

const FORM = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Order</title></head><body><main>
<form id="order" action="/done" method="post"><label>Full name <input name="fullName"></label>
<button type="submit">Order</button></form></main></body></html>`;

export interface ActivityUploadResult {
  made: number;
  lost: number;
  doubled: number;
  /** Upload requests the server answered (a resent batch counts again). */
  uploads: number;
  /** From the server's return to the outbox empty. */
  drainMs: number;
}

export async function measureActivityLinesLost(downMs: number): Promise<ActivityUploadResult> {
  const llm = await startFakeLlm();
  llm.respondTo((r) => JSON.stringify(r.body ?? '').includes('short title'), { text: ['Title'] });
  const site = await serveStatic({ '/order.html': FORM });
  const team = await startRestartableTeamServer();
  const ext = await launchExtension();
  try {
    const options = await ext.context.newPage();
    await options.goto(`chrome-extension://${ext.extensionId}/options.html`);
    await callBackground(options, 'team.setUrl', { url: team.url });
    await callBackground(options, 'team.signIn', { token: team.world.bob.token });
    await addProvider(options, {
      kind: 'openai-compatible',
      name: 'Bench',
      baseUrl: llm.openaiBaseUrl,
      model: 'bench',
    });
    const tab = await ext.context.newPage();
    await tab.goto(`${site.url}/order.html`);
    const panel = await openPanel(ext.context, ext.extensionId);
    let turns = 0;
    const turn = async (fills: number, approve = false) => {
      turns++;
      llm.enqueue(
        toolCall('get_form_state'),
        {
          toolCalls: Array.from({ length: fills }, (_, i) => ({
            name: 'fill_form',
            arguments: JSON.stringify({ updates: { fullName: `Person ${turns}-${i}` } }),
          })),
        },
        { text: [`Done ${turns}.`] },
      );
      await sendChat(panel, `Fill the form, turn ${turns}`);
      if (approve)
        await toolCard(panel, 'fill_form').getByRole('button', { name: 'Always allow on this site' }).click();
      await panel
        .locator('.message.assistant[data-status="complete"]')
        .nth(turns - 1)
        .waitFor({ timeout: 60_000 });
    };
    await turn(1, true);

    await team.stop();
    const downAt = Date.now();
    let killed = false;
    while (Date.now() - downAt < downMs) {
      await turn(2);
      if (!killed && Date.now() - downAt > downMs / 2) {
        await killServiceWorker(ext.context, panel);
        killed = true;
      }
      await new Promise((r) => setTimeout(r, 2000));
    }
    const hold = team.holdUploads();
    await team.start();
    const backAt = Date.now();
    while (hold.held() === 0) {
      if (Date.now() - backAt > 180_000) throw new Error('no upload within 180 s of the server coming back');
      await new Promise((r) => setTimeout(r, 200));
    }
    const cdp = await ext.context.newCDPSession(options);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    hold.release();
    await cdp.detach();
    for (;;) {
      // Asking wakes the worker; its wake chores send what waits.
      const view = await callBackground<{ upload?: { waiting: number } }>(options, 'activity.list', {});
      if (view.upload?.waiting === 0) break;
      if (Date.now() - backAt > 300_000) throw new Error('the outbox was not empty 300 s after the server came back');
      await new Promise((r) => setTimeout(r, 500));
    }
    const drainMs = Date.now() - backAt;
    const local = await callBackground<{ lines: { id: string }[] }>(options, 'activity.list', { limit: 5000 });
    const localIds = new Set(local.lines.map((l) => l.id));
    const stored = await team.storedIds(team.world.bob.userId);
    const lost = [...localIds].filter((id) => !stored.has(id)).length;
    const doubled = [...stored].reduce((n, [id, rows]) => n + (localIds.has(id) ? rows - 1 : rows), 0);
    return { made: localIds.size, lost, doubled, uploads: team.received.length, drainMs };
  } finally {
    await ext.close();
    await team.close();
    await site.close();
    await llm.close();
  }
}
