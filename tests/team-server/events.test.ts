// Events through the database: two instances on one database behind a round-robin balancer; an upload handled by
// one instance is heard on an events stream held by the other, only by those who may read it, and a stream that
// reconnects with Last-Event-ID gets what it missed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningTeamServer } from '../../lib/team-server/start-team-server';
import { openEventStream, type EventStream } from './event-stream';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy';
import { fakeEmbedder, startAnotherInstance, startTestServer } from './test-server';

let t: Awaited<ReturnType<typeof startTestServer>>;
let b: RunningTeamServer;
let proxy: RoundRobinProxy;
const streams: EventStream[] = [];

beforeAll(async () => {
  t = await startTestServer({}, { embedder: fakeEmbedder(), instanceId: 'A' });
  b = await startAnotherInstance(t.server, {}, { embedder: fakeEmbedder(), instanceId: 'B' });
  proxy = await startRoundRobinProxy([t.server.url, b.url]);
}, 180_000);

afterAll(async () => {
  streams.forEach((s) => s.close());
  await proxy?.close();
  await b?.close();
  await t?.server.close();
});

const open = async (token: string, lastEventId?: string) => {
  const s = await openEventStream(`${proxy.url}/v1/events`, token, lastEventId);
  streams.push(s);
  expect(s.status).toBe(200);
  const ready = await s.waitFor((e) => e.event === 'ready');
  return { stream: s, instance: JSON.parse(ready.data).instance as string };
};
const viaProxy = (method: string, path: string, token: string, body?: unknown) =>
  t.call(method, path, token, body, undefined, proxy.url);
const data = (e: { data: string }) => JSON.parse(e.data);

describe('events across instances', () => {
  it('hears on instance A a document uploaded through instance B, and only where it may be read', async () => {
    const { bob, dee, red, blue } = t.world;
    const dees = await open(dee.token);
    const bobs = await open(bob.token);
    expect(new Set([bobs.instance, dees.instance])).toEqual(new Set(['A', 'B']));
    // The balancer's next request goes to the instance Bob's stream is not on.
    const up = await viaProxy('POST', '/v1/documents', bob.token, {
      teamId: red,
      title: 'Red plan',
      text: 'the red plan',
    });
    expect(up.status).toBe(202);
    const uploadTarget = proxy.log.at(-1)!.target;
    expect(['A', 'B'][uploadTarget]).not.toBe(bobs.instance);
    const heard = await bobs.stream.waitFor((e) => e.event === 'document.indexed');
    expect(data(heard)).toMatchObject({
      kind: 'document.indexed',
      documentId: up.json.document.id,
      teamId: red,
      scope: 'team',
      data: { title: 'Red plan', chunkCount: 1 },
    });
    expect(heard.id).toMatch(/^\d+\.\d+$/);
    // Dee (blue) heard nothing of it: the first document event on her stream is her own upload, which came later.
    const mine = await viaProxy('POST', '/v1/documents', dee.token, { teamId: blue, title: 'Blue', text: 'blue' });
    const deeFirst = await dees.stream.waitFor((e) => e.event.startsWith('document.'));
    expect(data(deeFirst).documentId).toBe(mine.json.document.id);
    expect(dees.stream.events.some((e) => e.data.includes('Red plan'))).toBe(false);
  });

  it('a stream that reconnects with Last-Event-ID gets the events it missed, in order', async () => {
    const { bob, red } = t.world;
    const first = await open(bob.token);
    const up = await viaProxy('POST', '/v1/documents', bob.token, { teamId: red, title: 'Gone', text: 'soon gone' });
    const indexed = await first.stream.waitFor(
      (e) => e.event === 'document.indexed' && data(e).documentId === up.json.document.id,
    );
    first.stream.close();
    // While nobody listens: the document is deleted, and Ada makes Bob an admin.
    expect((await viaProxy('DELETE', `/v1/documents/${up.json.document.id}`, bob.token)).status).toBe(204);
    const role = await viaProxy('PATCH', `/v1/teams/${red}/members/${bob.userId}`, t.world.ada.token, {
      role: 'admin',
    });
    expect(role.status).toBe(204);
    const again = await open(bob.token, indexed.id);
    const deleted = await again.stream.waitFor((e) => e.event === 'document.deleted');
    expect(data(deleted)).toMatchObject({ documentId: up.json.document.id, data: { title: 'Gone' } });
    const members = await again.stream.waitFor((e) => e.event === 'team.members');
    expect(data(members)).toMatchObject({ teamId: red, data: { change: 'update', userId: bob.userId, role: 'admin' } });
    const order = again.stream.events.filter((e) => e.id).map((e) => e.event);
    expect(order.indexOf('document.deleted')).toBeLessThan(order.indexOf('team.members'));
    // Nothing from before the cursor is sent again.
    expect(again.stream.events.some((e) => e.id === indexed.id)).toBe(false);
  });

  it('treats a Last-Event-ID that is not a cursor (an injection, say) as none: a fresh stream, no replay', async () => {
    const { stream } = await open(t.world.bob.token, "1' OR '1'='1");
    const { red } = t.world;
    const up = await viaProxy('POST', '/v1/documents', t.world.bob.token, {
      teamId: red,
      title: 'After',
      text: 'after',
    });
    const first = await stream.waitFor((e) => e.event.startsWith('document.') || e.event.startsWith('team.'));
    expect(data(first).documentId).toBe(up.json.document.id);
  });

  it('refuses a stream without a valid token', async () => {
    const res = await fetch(`${proxy.url}/v1/events`);
    expect(res.status).toBe(401);
    await res.body?.cancel();
  });

  it("reads events through row-level security: a blue member's bare SELECT sees no red event", async () => {
    const { rows } = await t.server.ctx.db.pool.query(
      `SELECT count(*)::int AS n FROM tabwise.events WHERE team_id = $1`,
      [t.world.red],
    );
    expect(rows[0].n).toBeGreaterThan(0);
    const client = await t.server.ctx.db.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT set_config('role', 'tabwise_app', true), set_config('tabwise.user_id', $1, true)`, [
        t.world.dee.userId,
      ]);
      const seen = await client.query(`SELECT * FROM tabwise.events WHERE team_id = $1`, [t.world.red]);
      expect(seen.rowCount).toBe(0);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
