// Faults: the database restarting mid-ingest (jobs resume, nothing lost, nothing indexed twice, requests meanwhile
// answered 503 with Retry-After), and an instance killed mid-request (the client retries through the balancer on
// another instance, and the upload is idempotent by content hash).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from '../../lib/team-server/api/server-context';
import type { RunningTeamServer } from '../../lib/team-server/start-team-server';
import { startRestartableDatabase, type RestartableDatabase } from './restartable-database';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy';
import { fakeEmbedder, startAnotherInstance, startTestServer } from './test-server';

/** Every indexed document has exactly its chunk count of chunks, each position once. */
async function expectIndexedOnce(t: Awaited<ReturnType<typeof startTestServer>>, ids: string[]) {
  const { rows } = await t.server.ctx.db.pool.query(
    `SELECT d.id, d.status, d.chunk_count, count(c.id)::int AS chunks, count(DISTINCT c.position)::int AS positions
       FROM tabwise.documents d LEFT JOIN tabwise.chunks c ON c.document_id = d.id
      WHERE d.id = ANY ($1) GROUP BY d.id`,
    [ids],
  );
  expect(rows).toHaveLength(ids.length);
  for (const r of rows) expect(r).toMatchObject({ status: 'indexed', chunks: r.chunk_count, positions: r.chunk_count });
  expect(rows.every((r) => r.chunk_count > 0)).toBe(true);
}

describe('a database restart mid-ingest', () => {
  let db: RestartableDatabase;
  let t: Awaited<ReturnType<typeof startTestServer>>;
  let release: () => void = () => {};
  let held = false;
  let gate = Promise.resolve();

  beforeAll(async () => {
    db = await startRestartableDatabase();
    const embedder = fakeEmbedder({ gate: () => (held ? gate : Promise.resolve()) });
    t = await startTestServer(
      { DATABASE_URL: db.url, TEAM_SERVER_POOL_MAX: '1', TEAM_SERVER_EVENTS: 'poll' },
      { embedder },
    );
  }, 180_000);

  afterAll(async () => {
    release();
    await t?.server.close();
    await db?.close();
  });

  it('resumes every job once the database is back; nothing is lost or indexed twice', async () => {
    const { bob, red } = t.world;
    held = true;
    gate = new Promise<void>((r) => (release = r));
    const upload = (text: string) => t.call('POST', '/v1/documents', bob.token, { teamId: red, title: text, text });
    const first = await upload('in flight when the database stops');
    await t.waitFor(bob.token, first.json.document.id, ['indexing']);
    const waiting = [await upload('waiting in the queue, one'), await upload('waiting in the queue, two')];
    expect(waiting.map((r) => r.status)).toEqual([202, 202]);
    // The embedding finishes while the database is down, so the write of the job in flight meets no database.
    const restarting = db.restart(2000, () => {
      held = false;
      release();
    });
    await new Promise((r) => setTimeout(r, 800));
    const during = await upload('sent while the database is down');
    await restarting;
    expect(during.status).toBe(503);
    expect(during.json.error.code).toBe('unavailable');
    expect(Number(during.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same upload again, once it is back, is accepted (nothing of the refused one was kept).
    let again = await upload('sent while the database is down');
    for (let i = 0; again.status === 503 && i < 20; i++) {
      await new Promise((r) => setTimeout(r, 500));
      again = await upload('sent while the database is down');
    }
    expect(again.status).toBe(202);
    const ids = [first, ...waiting, again].map((r) => r.json.document.id);
    for (const id of ids) await t.waitFor(bob.token, id, ['indexed', 'failed'], 60_000);
    await expectIndexedOnce(t, ids);
    const { rows } = await t.server.ctx.db.pool.query(`SELECT count(*)::int AS n FROM tabwise.documents`);
    expect(rows[0].n).toBe(4);
    // The job in flight ran its step again once the database was back (its first write met no database).
    const inFlight = await t.call('GET', `/v1/documents/${first.json.document.id}`, bob.token);
    expect(inFlight.json.attempts).toBeGreaterThanOrEqual(2);
  }, 120_000);
});

describe('an instance killed mid-request', () => {
  let t: Awaited<ReturnType<typeof startTestServer>>;
  let b: RunningTeamServer;
  let proxy: RoundRobinProxy;
  let releaseResponse: () => void = () => {};
  const responseHeld = new Promise<void>((r) => (releaseResponse = r));

  beforeAll(async () => {
    // Instance A holds its answer to an upload after storing and queueing it: killed then, the client never hears.
    const holdUploads: MiddlewareHandler<ApiEnv> = async (c, next) => {
      await next();
      if (c.req.method === 'POST' && c.req.path === '/v1/documents') await responseHeld;
    };
    t = await startTestServer({}, { embedder: fakeEmbedder(), instanceId: 'A', middleware: holdUploads });
    b = await startAnotherInstance(t.server, {}, { embedder: fakeEmbedder(), instanceId: 'B' });
    proxy = await startRoundRobinProxy([t.server.url, b.url]);
  }, 180_000);

  afterAll(async () => {
    releaseResponse();
    await proxy?.close();
    await b?.close();
    await t?.server.ctx.db.close();
  });

  /** What a client does: an upload that failed in transit (502 from the balancer, or a cut) is sent again. */
  async function uploadWithRetry(body: unknown) {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const r = await t
        .call('POST', '/v1/documents', t.world.bob.token, body, undefined, proxy.url)
        .catch(() => undefined);
      statuses.push(r?.status ?? 0);
      if (r && r.status !== 502) return { ...r, statuses };
    }
    throw new Error(`no answer: ${statuses.join(', ')}`);
  }

  it('the retry lands on the other instance and answers the same document, indexed once', async () => {
    const body = { teamId: t.world.red, title: 'Killed mid-request', text: 'a document whose first answer was lost' };
    const pending = uploadWithRetry(body);
    // Stored and queued by A, whose answer is held: now A dies.
    const pool = t.server.ctx.db.pool;
    for (let i = 0; i < 100; i++) {
      const { rowCount } = await pool.query(`SELECT 1 FROM tabwise.documents WHERE title = 'Killed mid-request'`);
      if (rowCount) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await t.server.kill();
    const answer = await pending;
    expect(answer.statuses).toEqual([502, 200]);
    expect(proxy.log.map((l) => l.target)).toEqual([0, 1]);
    expect(answer.json).toMatchObject({ duplicate: true, document: { title: 'Killed mid-request' } });
    const id = answer.json.document.id;
    await t.waitFor(t.world.bob.token, id, undefined, 30_000, b.url);
    const { rows } = await pool.query(`SELECT count(*)::int AS n FROM tabwise.documents WHERE content_hash = $1`, [
      answer.json.document.contentHash,
    ]);
    expect(rows[0].n).toBe(1);
    await expectIndexedOnce(t, [id]);
  }, 60_000);
});
