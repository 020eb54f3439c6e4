// The ingestion queue: bounded with back-pressure the uploader sees (503 + Retry-After, nothing written), every
// queued job indexed once the worker is free, retries, and a failed state that is visible on the document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeEmbedder, startTestServer } from './test-server';

let t: Awaited<ReturnType<typeof startTestServer>>;
let release: () => void = () => {};
let held = false;
let gate = Promise.resolve();

beforeAll(async () => {
  const embedder = fakeEmbedder({ gate: () => (held ? gate : Promise.resolve()) });
  t = await startTestServer(
    { TEAM_SERVER_QUEUE_CAPACITY: '2' },
    { embedder, queue: { retryLimit: 1, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 } },
  );
}, 180_000);

afterAll(async () => {
  release();
  await t?.server.close();
});

const upload = (text: string) =>
  t.call('POST', '/v1/documents', t.world.bob.token, { teamId: t.world.red, title: text.slice(0, 20), text });

describe('ingestion queue', () => {
  it('past capacity the upload answers 503 with Retry-After and writes nothing; the backlog is then indexed', async () => {
    held = true;
    gate = new Promise<void>((r) => (release = r));
    const first = await upload('first document to hold the worker');
    // The worker takes the first job and waits at the gate; the next two wait in the queue.
    await t.waitFor(t.world.bob.token, first.json.document.id, ['indexing']);
    const queued = [await upload('second waiting document'), await upload('third waiting document')];
    expect(queued.map((r) => r.status)).toEqual([202, 202]);
    const health = await t.call('GET', '/health', t.world.ada.token);
    expect(health.json).toMatchObject({ status: 'degraded', queue: { waiting: 2, capacity: 2 } });
    const refused = await upload('fourth document, one too many');
    expect(refused.status).toBe(503);
    expect(refused.json.error.code).toBe('queue_full');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const { rows } = await t.server.ctx.db.pool.query('SELECT count(*)::int AS n FROM tabwise.documents');
    expect(rows[0].n).toBe(3);
    held = false;
    release();
    for (const r of [first, ...queued]) {
      const doc = await t.waitFor(t.world.bob.token, r.json.document.id);
      expect(doc).toMatchObject({ status: 'indexed', chunkCount: 1, attempts: 1 });
    }
    // Accepted again once there is room.
    expect((await upload('fourth document, one too many')).status).toBe(202);
  });

  it('retries a failing job, then leaves the document failed with the reason, and an upload again re-queues it', async () => {
    const r = await upload('POISON pill document');
    expect(r.status).toBe(202);
    const doc = await t.waitFor(t.world.bob.token, r.json.document.id, ['failed'], 45_000);
    expect(doc).toMatchObject({ status: 'failed', attempts: 2, error: 'the model choked on POISON', chunkCount: 0 });
    const listed = await t.call('GET', `/v1/documents?status=failed`, t.world.bob.token);
    expect(listed.json.map((d: { id: string }) => d.id)).toEqual([r.json.document.id]);
    const again = await upload('POISON pill document');
    expect(again.status).toBe(200);
    expect(again.json.document).toMatchObject({ id: r.json.document.id, status: 'queued', error: null });
    // It fails again, with its attempts counted on (and leaves the worker free for the next test).
    const twice = await t.waitFor(t.world.bob.token, r.json.document.id, ['failed'], 45_000);
    expect(twice.attempts).toBe(4);
  });

  it('a job whose document was deleted meanwhile is done, not retried, and indexes nothing', async () => {
    held = true;
    gate = new Promise<void>((r) => (release = r));
    const blocker = await upload('blocker while deleting');
    await t.waitFor(t.world.bob.token, blocker.json.document.id, ['indexing']);
    const doomed = await upload('deleted before it was indexed');
    expect((await t.call('DELETE', `/v1/documents/${doomed.json.document.id}`, t.world.bob.token)).status).toBe(204);
    held = false;
    release();
    await t.waitFor(t.world.bob.token, blocker.json.document.id);
    await new Promise((res) => setTimeout(res, 1500));
    const { rows } = await t.server.ctx.db.pool.query(
      `SELECT count(*)::int AS n FROM tabwise.chunks WHERE document_id = $1`,
      [doomed.json.document.id],
    );
    expect(rows[0].n).toBe(0);
    expect(await t.server.ctx.queue.depth()).toBe(0);
  });
});
