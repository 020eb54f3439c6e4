/**
 * The Activity log in the worker: lines get their conversation's title and an unsent marker; the log is pruned
 * at start and on its alarm; deleting a conversation keeps its lines without page text; the settings page's
 * requests search, export and set the days kept.
 */
import { describe, expect, it } from 'vitest';
import type { ActivityDraft } from '../../../lib/agent/activity-line';
import { createActivityStore, createMemoryActivityBackend } from '../../../lib/agent/activity-store';
import { ACTIVITY_PRUNE_ALARM, createActivityFeature } from '../../../lib/background/create-activity-feature';
import { createConversationHandlers } from '../../../lib/background/handlers/conversation-handlers';
import { ACTIVITY_PAGE_LIMIT } from '../../../lib/background/handlers/activity-handlers';
import { createMemoryRunJournal } from '../../../lib/agent/memory-run-journal';
import { requestSchemas } from '../../../lib/background/request-schemas';
import { createMemoryConversationStore } from './memory-conversation-store';
import { until } from '../agent/harness';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 5, 1);

const draft = (over: Partial<ActivityDraft> = {}): ActivityDraft => ({
  id: 'r1:c1',
  at: NOW,
  kind: 'fill',
  toolName: 'fill_form',
  site: 'https://shop.example',
  conversationId: 'a',
  runId: 'r1',
  approval: 'card',
  outcome: 'done',
  written: [{ field: 'Full name (fullName)', value: 'Ada Lovelace' }],
  ...over,
});

/** chrome.alarms as the feature uses it, recording what it was asked. */
function fakeAlarms(existing = false) {
  const created: { name: string; info: unknown }[] = [];
  const listeners: ((a: { name: string }) => void)[] = [];
  return {
    created,
    fire: (name: string) => listeners.forEach((l) => l({ name })),
    api: {
      get: async () => (existing ? { name: ACTIVITY_PRUNE_ALARM } : undefined),
      create: async (name: string, info: unknown) => void created.push({ name, info }),
      onAlarm: { addListener: (l: (a: { name: string }) => void) => void listeners.push(l) },
    } as unknown as Pick<typeof chrome.alarms, 'get' | 'create' | 'onAlarm'>,
  };
}

async function world(now = NOW) {
  const conversations = createMemoryConversationStore();
  await conversations.createConversation({ id: 'a', title: 'Order the blue mug', createdAt: 1, updatedAt: 1 });
  const backend = createMemoryActivityBackend();
  const store = createActivityStore(backend);
  const alarms = fakeAlarms();
  let clock = now;
  const feature = createActivityFeature({
    conversations,
    now: () => clock,
    store,
    alarms: alarms.api,
    afterWake: (chore) => void chore(),
  });
  return { conversations, backend, store, alarms, feature, setClock: (t: number) => (clock = t) };
}

describe('activity feature', () => {
  it("records a line with its conversation's title, unsent", async () => {
    const { feature, store } = await world();
    await feature.sink.record(draft());
    await feature.sink.record(draft({ id: 'r2:c1', conversationId: 'gone' }));
    const { lines } = await store.list();
    expect(lines.find((l) => l.id === 'r1:c1')).toMatchObject({ conversationTitle: 'Order the blue mug', sent: 0 });
    expect(lines.find((l) => l.id === 'r2:c1')!.conversationTitle).toBeUndefined();
  });

  it('prunes at start and whenever its alarm fires, and sets the alarm up once', async () => {
    const { feature, store, alarms, setClock } = await world();
    await until(() => alarms.created.length === 1);
    expect(alarms.created[0]).toMatchObject({ name: ACTIVITY_PRUNE_ALARM });
    await store.add({ ...draft({ id: 'old', at: NOW - 100 * DAY }), sent: 0 });
    await store.add({ ...draft({ id: 'young' }), sent: 0 });
    alarms.fire('some-other-alarm');
    await new Promise((r) => setTimeout(r, 10));
    expect((await store.list()).total).toBe(2);
    alarms.fire(ACTIVITY_PRUNE_ALARM);
    await until(async () => (await store.list()).total === 1);
    setClock(NOW + 95 * DAY);
    alarms.fire(ACTIVITY_PRUNE_ALARM);
    await until(async () => (await store.list()).total === 0);
    void feature;
  });

  it('a start finds expired lines of an earlier worker and drops them', async () => {
    const backend = createMemoryActivityBackend([{ ...draft({ id: 'old', at: NOW - 91 * DAY }), sent: 0 }]);
    const store = createActivityStore(backend);
    createActivityFeature({
      conversations: createMemoryConversationStore(),
      now: () => NOW,
      store,
      alarms: fakeAlarms(true).api,
      afterWake: (chore) => void chore(),
    });
    await until(async () => (await store.list()).total === 0);
  });

  it('deleting a conversation keeps its lines without their page text', async () => {
    const { feature, store, conversations } = await world();
    await feature.sink.record(draft({ target: 'button "Pay now"', destination: 'https://shop.example/pay' }));
    const handlers = createConversationHandlers({
      conversations,
      journal: createMemoryRunJournal(),
      chat: { isRunning: () => false, stop: async () => undefined },
      activity: feature,
    });
    await handlers['conversations.delete']({ id: 'a' });
    const [line] = (await store.list()).lines;
    expect(line).toMatchObject({ id: 'r1:c1', site: 'https://shop.example', approval: 'card', pageTextDropped: true });
    expect(JSON.stringify(line)).not.toMatch(/Ada|Pay now|\/pay/);
  });

  it('lists newest first with the days kept, exports what the search matches, and sets the days (pruning at once)', async () => {
    const { feature, store } = await world();
    await feature.sink.record(draft({ id: 'x', at: NOW - 10 * DAY }));
    await feature.sink.record(draft({ id: 'y', site: 'https://bank.example', at: NOW - DAY }));
    const list = await feature.handlers['activity.list']({});
    expect(list).toMatchObject({ retentionDays: 90, total: 2, matched: 2, corrupt: 0 });
    expect(list.lines.map((l) => l.id)).toEqual(['y', 'x']);
    expect((await feature.handlers['activity.list']({ text: 'bank' })).lines.map((l) => l.id)).toEqual(['y']);

    const csv = await feature.handlers['activity.export']({ format: 'csv', text: 'bank' });
    expect(csv).toMatchObject({ fileName: 'tabwise-activity-2026-06-01.csv', count: 1 });
    expect(csv.text).toContain('https://bank.example');
    expect(csv.text).not.toContain('\r\nx,');
    const json = await feature.handlers['activity.export']({ format: 'json' });
    expect(JSON.parse(json.text).lines.map((l: { id: string }) => l.id)).toEqual(['y', 'x']);

    expect(await feature.handlers['activity.setRetention']({ days: 5 })).toEqual({ retentionDays: 5 });
    expect((await store.list()).lines.map((l) => l.id)).toEqual(['y']);
  });

  it('a page shows the newest 200 and counts the rest', async () => {
    const { feature } = await world();
    for (let i = 0; i < ACTIVITY_PAGE_LIMIT + 5; i++) await feature.sink.record(draft({ id: `r:${i}`, at: NOW - i }));
    const page = await feature.handlers['activity.list']({});
    expect(page.lines).toHaveLength(ACTIVITY_PAGE_LIMIT);
    expect(page).toMatchObject({ matched: ACTIVITY_PAGE_LIMIT + 5, total: ACTIVITY_PAGE_LIMIT + 5 });
    expect(page.lines[0]!.id).toBe('r:0');
    // An export is for the record: all of them.
    expect((await feature.handlers['activity.export']({ format: 'json' })).count).toBe(ACTIVITY_PAGE_LIMIT + 5);
  });

  it('the requests are checked: days a whole number from 1 to 3650, a known export format', () => {
    const days = requestSchemas['activity.setRetention'];
    expect(days.safeParse({ days: 30 }).success).toBe(true);
    for (const bad of [0, 3651, 2.5, '30']) expect(days.safeParse({ days: bad }).success).toBe(false);
    expect(requestSchemas['activity.export'].safeParse({ format: 'xlsx' }).success).toBe(false);
    expect(requestSchemas['activity.list'].safeParse({ text: 'x'.repeat(501) }).success).toBe(false);
  });

  it('"Delete all data" empties the log', async () => {
    const { feature, store } = await world();
    await feature.sink.record(draft());
    await feature.clear();
    expect((await store.list()).total).toBe(0);
  });
});
