/**
 * Scheduled tasks end to end, with nobody in the panel: the alarm fires the run in a tab group of its own, with
 * the worker stopped before the alarm and again during the run, and the slot runs exactly once; a run that needs
 * an approval waits, its notification says so and opens the card; the Runs view lists it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addFakeProvider, callBackground, chatRequests, expect, openPanel, test, toolCall, toolCard } from './fixtures';
import {
  currentWorker,
  hourlyFrom,
  listRuns,
  shownNotices,
  clickNotice,
  stopWorker,
} from '../harness/schedule-helpers';

async function serve(html: string): Promise<{ server: Server; url: string }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

test('a schedule fires with the worker stopped before the alarm and during the run, exactly once', async ({
  context,
  llm,
  extPage,
}) => {
  const { server, url } = await serve('<!doctype html><title>Prices</title><h1>Prices</h1><p>Milk 1.20</p>');
  try {
    await addFakeProvider(extPage, llm, 'm');
    llm.enqueue(
      {
        text: Array.from({ length: 40 }, (_, i) => `part${i} `),
        chunkDelayMs: 100,
        usage: { inputTokens: 50, outputTokens: 40 },
      },
      { text: ['and that is all.'], usage: { inputTokens: 60, outputTokens: 5 } },
    );
    const fireAt = Date.now() + 3000;
    await callBackground(extPage, 'tasks.save', {
      name: 'prices',
      instruction: 'Read the prices',
      startUrl: url,
      schedule: { ...hourlyFrom(0), from: fireAt },
    });
    // Stopped between the save and the alarm: only the alarm can start the run.
    await stopWorker(context, extPage);
    await expect.poll(() => chatRequests(llm).length, { timeout: 20_000 }).toBe(1);
    expect(chatRequests(llm)[0]!.at).toBeGreaterThanOrEqual(fireAt);
    // Stopped during the model's stream; the message below wakes a worker, which resumes the run from its journal.
    await stopWorker(context, extPage);
    await expect
      .poll(async () => (await listRuns(extPage)).runs.map((r) => [r.taskName, r.status]), { timeout: 30_000 })
      .toEqual([['prices', 'done']]);
    const { runs, upcoming } = await listRuns(extPage);
    expect(runs[0]!.slot).toBe(fireAt);
    // The stream the worker died in never reported its usage: the answer counts the call that finished.
    expect(runs[0]!.answer).toMatchObject({ status: 'complete', usage: { inputTokens: 60, outputTokens: 5 } });
    // The next slot, an hour on, is upcoming.
    expect(upcoming[0]).toMatchObject({ taskName: 'prices', at: fireAt + 3_600_000 });
    const convs = await callBackground<{ id: string }[]>(extPage, 'conversations.list', {});
    expect(convs.map((c) => c.id)).toEqual([runs[0]!.conversationId]);
    const { messages } = await callBackground<{ messages: { role: string; text: string }[] }>(
      extPage,
      'conversations.get',
      { id: convs[0]!.id },
    );
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(messages[1]!.text).toContain('and that is all.');
    // The stream cut by the stop, then the one the resumed run made: the run went on, it did not start again.
    expect(chatRequests(llm)).toHaveLength(2);
    // The run's tab is in a group of its own, named for the task, on the start page.
    const worker = await currentWorker(context);
    const groups = await worker.evaluate(async () =>
      Promise.all(
        (await chrome.tabGroups.query({})).map(async (g) => ({
          title: g.title,
          urls: (await chrome.tabs.query({ groupId: g.id })).map((t) => t.url),
        })),
      ),
    );
    expect(groups).toEqual([{ title: 'Tabwise: /prices', urls: [url] }]);
    const notices = Object.values(await shownNotices(context));
    expect(notices.map((n) => n.title)).toEqual(['/prices finished']);

    // Never twice: the worker stopped and woken again finds the slot claimed.
    const requests = chatRequests(llm).length;
    await stopWorker(context, extPage);
    expect((await listRuns(extPage)).runs).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await listRuns(extPage)).runs).toHaveLength(1);
    expect(chatRequests(llm).length).toBe(requests);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

test('an approval in a scheduled run waits; its notification says so and opens the card', async ({
  context,
  llm,
  extPage,
}) => {
  const a = await serve('<!doctype html><title>Shop</title><h1>Shop</h1>');
  const b = await serve('<!doctype html><title>Other</title><h1>Other</h1>');
  try {
    await addFakeProvider(extPage, llm, 'm');
    llm.enqueue(toolCall('navigate', { url: b.url }), { text: ['Went there.'] });
    await callBackground(extPage, 'tasks.save', {
      name: 'visit',
      instruction: 'Visit the other shop',
      startUrl: a.url,
      schedule: hourlyFrom(1500),
    });
    await expect
      .poll(async () => (await listRuns(extPage)).runs.map((r) => r.status), { timeout: 20_000 })
      .toEqual(['waiting']);
    // It waits: no second request while nobody has answered the card.
    await new Promise((r) => setTimeout(r, 1000));
    expect(chatRequests(llm)).toHaveLength(1);
    const notices = await shownNotices(context);
    const [id, notice] = Object.entries(notices)[0]!;
    expect(notice).toEqual({
      title: '/visit needs your approval',
      message: 'The scheduled run is waiting for you to approve a step. Click to see it.',
    });
    // A click with no user gesture (the hook): Chrome refuses sidePanel.open, so the panel's page opens in a tab.
    const opened = context.waitForEvent('page', (p) => p.url().includes('/sidepanel.html'));
    await clickNotice(context, id);
    const panel = await opened;
    const card = toolCard(panel, 'navigate');
    await expect(card).toBeVisible({ timeout: 15_000 });
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect
      .poll(async () => (await listRuns(extPage)).runs.map((r) => r.status), { timeout: 20_000 })
      .toEqual(['done']);
    expect(chatRequests(llm)).toHaveLength(2);
  } finally {
    for (const s of [a.server, b.server]) {
      s.closeAllConnections();
      s.close();
    }
  }
});

test('the Runs view lists past and upcoming runs, each opening its conversation', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm, 'm');
  llm.enqueue({ text: ['Report written.'], usage: { inputTokens: 1200, outputTokens: 300 } });
  await callBackground(extPage, 'tasks.save', {
    name: 'report',
    instruction: 'Write the report',
    schedule: hourlyFrom(1000),
  });
  await expect
    .poll(async () => (await listRuns(extPage)).runs.map((r) => r.status), { timeout: 20_000 })
    .toEqual(['done']);
  const panel = await openPanel(context, extensionId);
  await panel.getByRole('button', { name: 'Tasks', exact: true }).click();
  const view = panel.getByRole('region', { name: 'Scheduled runs' });
  const past = view.getByRole('listitem').filter({ hasText: 'Finished' });
  await expect(past).toHaveCount(1);
  await expect(past).toContainText('/report');
  await expect(past).toContainText('1,200 in · 300 out');
  await expect(view.getByRole('listitem').filter({ hasText: 'Upcoming' }).first()).toContainText('/report');
  await past.getByRole('button', { name: 'Open the run of /report' }).click();
  await expect(panel.locator('.message.assistant').last()).toContainText('Report written.');
});
