/**
 * Activity lines to the team server, in the worker's feature: signed in, a new line is queued in its wire shape
 * only (no values written, target, destination, reason or title) for the first team the connection lists, and
 * sent as `POST /v1/audit` with the token; a line logged twice is queued once; signed out nothing is queued;
 * Settings → Activity says what waits, when the next try is, and which team lines go to.
 */
import { describe, expect, it } from 'vitest';
import type { ActivityDraft } from '../../../lib/agent/activity-line';
import { createActivityStore, createMemoryActivityBackend } from '../../../lib/agent/activity-store';
import { createMemoryOutbox } from '../../../lib/agent/audit-outbox';
import { AUDIT_UPLOAD_ALARM } from '../../../lib/background/audit-uploader';
import { createActivityFeature } from '../../../lib/background/create-activity-feature';
import type { TeamConnectionView } from '../../../lib/tools/team/team-connection-store';
import { createMemoryConversationStore } from './memory-conversation-store';
import { until } from '../agent/harness';

const NOW = Date.UTC(2026, 10, 20, 10);
const SECRET = 'Ada Lovelace, 12 Secret Lane';

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
  target: `form "${SECRET}"`,
  destination: `https://shop.example/order?name=${encodeURIComponent(SECRET)}`,
  reason: SECRET,
  written: [{ field: 'Full name', value: SECRET }],
  ...over,
});

const signedIn: TeamConnectionView = {
  url: 'https://team.example',
  managed: false,
  signInRequired: false,
  signedIn: true,
  status: 'connected',
  identity: {
    user: { id: 'u', email: 'bob@red.test', displayName: 'Bob' },
    teams: [
      { id: 'team-blue', name: 'Blue', role: 'member' },
      { id: 'team-red', name: 'Red', role: 'member' },
    ],
  },
};

async function world(opts: { view?: TeamConnectionView; down?: boolean } = {}) {
  const conversations = createMemoryConversationStore();
  await conversations.createConversation({ id: 'a', title: `Order for ${SECRET}`, createdAt: 1, updatedAt: 1 });
  const outbox = createMemoryOutbox();
  const requests: { url: string; auth: string | null; body: { teamId: string; lines: Record<string, unknown>[] } }[] =
    [];
  const alarms: { name: string; when: number }[] = [];
  const state = { down: opts.down ?? false };
  const fetch = (async (url: string, init: RequestInit) => {
    if (state.down) throw new TypeError('Failed to fetch');
    const body = JSON.parse(String(init.body));
    requests.push({ url, auth: new Headers(init.headers).get('authorization'), body });
    return new Response(JSON.stringify({ acked: body.lines.map((l: { id: string }) => l.id) }), {
      headers: { 'content-type': 'application/json' },
    });
  }) as unknown as typeof globalThis.fetch;
  const feature = createActivityFeature({
    conversations,
    now: () => NOW,
    store: createActivityStore(createMemoryActivityBackend([], outbox.values)),
    outbox,
    team: {
      store: Promise.resolve({
        view: async () => opts.view ?? signedIn,
        credentials: async () =>
          (opts.view ?? signedIn).signedIn ? { url: 'https://team.example', token: 'tws_secret' } : undefined,
      }),
      fetch,
    },
    alarms: {
      get: async () => undefined,
      create: async (name: string, info: { when: number }) => void alarms.push({ name, when: info?.when }),
      onAlarm: { addListener: () => {} },
    } as unknown as Pick<typeof chrome.alarms, 'get' | 'create' | 'onAlarm'>,
    afterWake: () => {},
  });
  return { feature, outbox, requests, alarms, state };
}

describe('activity lines to the team server', () => {
  it('queues a new line in its wire shape for the first team listed, and sends it with the token', async () => {
    const w = await world();
    await w.feature.sink.record(draft());
    await until(() => w.requests.length === 1);
    const [req] = w.requests;
    expect(req!.url).toBe('https://team.example/v1/audit');
    expect(req!.auth).toBe('Bearer tws_secret');
    expect(req!.body.teamId).toBe('team-blue');
    expect(req!.body.lines).toEqual([
      {
        id: 'r1:c1',
        at: NOW,
        kind: 'fill',
        toolName: 'fill_form',
        site: 'https://shop.example',
        conversationId: 'a',
        runId: 'r1',
        approval: 'card',
        outcome: 'done',
      },
    ]);
    // Nothing of the page, the model or the conversation's title leaves.
    expect(JSON.stringify(req!.body)).not.toContain('Secret');
    await until(async () => (await w.outbox.count()) === 0);
  });

  it('a line logged twice is queued and sent once', async () => {
    const w = await world({ down: true });
    await w.feature.sink.record(draft());
    await w.feature.sink.record(draft({ outcome: 'failed' }));
    expect(await w.outbox.count()).toBe(1);
  });

  it('signed out, lines stay local only', async () => {
    const w = await world({ view: { ...signedIn, signedIn: false } });
    await w.feature.sink.record(draft());
    expect(await w.outbox.count()).toBe(0);
    expect(w.requests).toEqual([]);
  });

  it('Settings → Activity says how many lines wait, when the next try is, why, and which of several teams', async () => {
    const w = await world({ down: true });
    await w.feature.sink.record(draft());
    await w.feature.sink.record(draft({ id: 'r1:c2' }));
    await until(async () => (await w.outbox.state()).attempts >= 1);
    const view = await w.feature.handlers['activity.list']({});
    expect(view.upload).toMatchObject({
      waiting: 2,
      nextAttemptAt: NOW + 2000,
      lastError: 'Could not reach team.example.',
      team: { name: 'Blue', others: 1 },
    });
    expect(w.alarms).toContainEqual({ name: AUDIT_UPLOAD_ALARM, when: NOW + 2000 });
    // The local lines keep everything they had.
    expect((await w.feature.handlers['activity.list']({})).lines[0]!.written).toEqual([
      { field: 'Full name', value: SECRET },
    ]);
  });
});
