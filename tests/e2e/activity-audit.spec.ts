/**
 * Activity lines to the team server, end to end: the built extension signed in to a real team server (embedded
 * Postgres over the wire). A line goes up as it is made; with the server stopped, the lines wait in the outbox and
 * Settings → Activity says how many and when the next try is; the server comes back and the worker is killed
 * while the upload's reply is on its way: every line arrives exactly once, and what reached the server holds no
 * value the fills wrote.
 */
import { serveStatic, type StaticServer } from '../harness/serve-static';
import { startRestartableTeamServer } from '../harness/restartable-team-server';
import {
  addFakeProvider,
  assistantMessages,
  callBackground,
  expect,
  openPanel,
  openSettingsSection,
  sendChat,
  test,
  toolCall,
  toolCard,
} from './fixtures';

const form = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Order</title></head><body><main>
<h1>Order a print</h1>
<form id="order" action="/done" method="post">
<label>Full name <input name="fullName"></label>
<label>City <input name="city"></label>
<button type="submit">Order</button>
</form></main></body></html>`;

let site: StaticServer;
test.beforeAll(async () => {
  site = await serveStatic({ '/order.html': form });
});
test.afterAll(async () => site?.close());

test('lines made while the server is down wait, then arrive exactly once, even with the worker killed mid-upload', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  test.setTimeout(240_000);
  const team = await startRestartableTeamServer();
  try {
    const bob = team.world.bob;
    await callBackground(extPage, 'team.setUrl', { url: team.url });
    await callBackground(extPage, 'team.signIn', { token: bob.token });
    await addFakeProvider(extPage, llm, 'm');
    const tab = await context.newPage();
    await tab.goto(`${site.url}/order.html`);
    const panel = await openPanel(context, extensionId);
    const turn = async (n: number, fills: number, approve = false) => {
      llm.enqueue(
        toolCall('get_form_state'),
        {
          toolCalls: Array.from({ length: fills }, (_, i) => ({
            name: 'fill_form',
            arguments: JSON.stringify({ updates: { fullName: `Secret Person ${n}-${i}` } }),
          })),
        },
        { text: [`Done ${n}.`] },
      );
      await sendChat(panel, `Fill the form, turn ${n}`);
      if (approve)
        await toolCard(panel, 'fill_form').getByRole('button', { name: 'Always allow on this site' }).click();
      await expect(assistantMessages(panel).nth(n - 1)).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
    };

    // Up: the first line is on the server as soon as it is made.
    await turn(1, 1, true);
    await expect.poll(async () => (await team.storedIds(bob.userId)).size, { timeout: 30_000 }).toBe(1);

    // Down: three more lines wait, and Settings → Activity says so.
    await team.stop();
    await turn(2, 2);
    await turn(3, 1);
    await openSettingsSection(extPage, extensionId, 'activity');
    const activity = extPage.getByRole('region', { name: 'Activity' });
    const upload = activity.getByRole('status', { name: 'Sending to the team server' });
    await expect(async () => {
      await extPage.reload();
      await expect(upload).toContainText('3 lines waiting to be sent to the team server; next try at', {
        timeout: 2000,
      });
    }).toPass({ timeout: 30_000 });
    await expect(upload).toContainText(`Last try: Could not reach ${new URL(team.url).host}.`);
    expect((await team.storedIds(bob.userId)).size).toBe(1);

    // Back, but the reply to the next upload is held: the worker is killed while it waits.
    const hold = team.holdUploads();
    await team.start();
    await expect.poll(() => hold.held(), { timeout: 90_000 }).toBeGreaterThan(0);
    expect((await team.storedIds(bob.userId)).size).toBe(4);
    const cdp = await context.newCDPSession(extPage);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    hold.release();
    await cdp.detach();

    // A new worker finds the batch still in its outbox, sends it again, and the server keeps each line once; the
    // section, left open in front, says so by itself.
    await extPage.bringToFront();
    await expect(upload).toHaveText('Every line has been sent to the team server.', { timeout: 90_000 });
    const local = await callBackground<{ lines: { id: string }[] }>(extPage, 'activity.list', {});
    const stored = await team.storedIds(bob.userId);
    expect([...stored.keys()].sort()).toEqual(local.lines.map((l) => l.id).sort());
    expect([...stored.values()].every((n) => n === 1)).toBe(true);
    expect(stored.size).toBe(4);
    // The resend happened (the killed upload's lines came twice over the wire) and was absorbed by the ids.
    expect(team.received.flat().length).toBeGreaterThan(4);

    // What reached the server is the wire line: no value the fills wrote, no conversation title.
    const { rows } = await team.pool.query('SELECT * FROM tabwise.audit_lines WHERE user_id = $1', [bob.userId]);
    expect(JSON.stringify(rows)).not.toContain('Secret Person');
    expect(JSON.stringify(rows)).not.toContain('Fill the form');
    expect(rows.every((r: { site: string }) => r.site === new URL(site.url).origin)).toBe(true);
  } finally {
    await team.close();
  }
});
