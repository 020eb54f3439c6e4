/**
 * A team server (the test world's, on an embedded Postgres) that can be stopped, as a crash or an outage would,
 * and started again on the same address and database, for the audit upload's end-to-end spec and bench. The
 * restarted instance can hold audit uploads after storing them (their reply not yet sent), so a test can kill
 * the worker while the ack is on its way.
 */
import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from '../../lib/team-server/api/server-context';
import type { RunningTeamServer } from '../../lib/team-server/start-team-server';
import { fakeEmbedder, startAnotherInstance, startTestServer } from '../team-server/test-server';

export async function startRestartableTeamServer() {
  let hold: Promise<void> | undefined;
  let held = 0;
  /** Every audit POST answered, and the line ids it carried (to count what was sent more than once). */
  const received: string[][] = [];
  const middleware: MiddlewareHandler<ApiEnv> = async (c, next) => {
    const audit = c.req.method === 'POST' && c.req.path === '/v1/audit';
    const ids = audit
      ? (((await c.req.raw.clone().json()) as { lines?: { id: string }[] }).lines ?? []).map((l) => l.id)
      : [];
    await next();
    if (!audit) return;
    received.push(ids);
    if (hold) {
      held++;
      await hold;
    }
  };
  const first = await startTestServer({}, { embedder: fakeEmbedder(), middleware });
  const port = new URL(first.server.url).port;
  let current: RunningTeamServer | undefined = first.server;
  return {
    world: first.world,
    url: first.server.url,
    pool: first.server.ctx.db.pool,
    received,
    /** Stops at once: connections cut, nothing answers on the address. */
    async stop() {
      await current?.kill();
      current = undefined;
    },
    async start() {
      current = await startAnotherInstance(
        first.server,
        { TEAM_SERVER_PORT: port },
        { middleware, embedder: fakeEmbedder() },
      );
    },
    /** From now on, audit uploads are stored but their replies wait until `release`. */
    holdUploads() {
      let release!: () => void;
      hold = new Promise((r) => (release = r));
      held = 0;
      return {
        held: () => held,
        release: () => {
          hold = undefined;
          release();
        },
      };
    },
    /** The ids stored for `userId`, with how many rows each has. */
    async storedIds(userId: string): Promise<Map<string, number>> {
      const { rows } = await first.server.ctx.db.pool.query<{ id: string; n: string }>(
        'SELECT id, count(*) AS n FROM tabwise.audit_lines WHERE user_id = $1 GROUP BY id',
        [userId],
      );
      return new Map(rows.map((r) => [r.id, Number(r.n)]));
    },
    async close() {
      await current?.close();
      await first.server.ctx.db.close();
    },
  };
}
