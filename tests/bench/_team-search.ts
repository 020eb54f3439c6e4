/**
 * The team bench's search figure alone, on a seeded database kept between runs (seeding 100,000 chunks and
 * building their HNSW index takes ~3.5 minutes): the first run seeds into memory and dumps PGlite's data folder
 * to `--store` (default /tmp/team-<chunks>-graphs.tar), later runs load it. `--profile` times every database round trip
 * a search makes, by its statement's first words (times seen from the server's event loop); `--explain` prints the
 * median planning and execution time of the search's statement under EXPLAIN ANALYZE instead (`--plan`: one plan).
 * Not a bench of its own: `team` is the figure.
 * Usage: NODE_OPTIONS=--experimental-websocket npx tsx tests/bench/_team-search.ts [--chunks N] [--queries N]
 *          [--rounds N] [--profile] [--together] [--explain [--plan]] [--store FILE]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pg from 'pg';
import { readTeamServerConfig } from '../../lib/team-server/config';
import { createDatabase } from '../../lib/team-server/db/database';
import { dropModelIndexes, ensureModelIndex } from '../../lib/team-server/ingest/ensure-model-index';
import { startTeamServer } from '../../lib/team-server/start-team-server';
import { percentile, round } from './_stats';
import {
  benchEmbedder,
  measureRecall,
  measureSearch,
  measureSearchApart,
  seedChunks,
  seedPeople,
  type BenchUser,
} from './_team-world';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const CHUNKS = arg('chunks', 100_000);
const QUERIES = arg('queries', 30);
const ROUNDS = arg('rounds', 3);
const PROFILE = process.argv.includes('--profile');
const si = process.argv.indexOf('--store');
const STORE = si === -1 ? `/tmp/team-${CHUNKS}-graphs.tar` : process.argv[si + 1]!;

const stored = existsSync(STORE);
const pglite = await PGlite.create({
  extensions: { vector },
  // As open-embedded-postgres.ts opens it with the server's default cache.
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${readTeamServerConfig({}).embeddedCacheMb}MB`],
  ...(stored ? { loadDataDir: new Blob([readFileSync(STORE)]) } : {}),
});
const socket = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: 0, maxConnections: 1 });
await socket.start();
const pool = new pg.Pool({ connectionString: `postgres://postgres@${socket.getServerConn()}/postgres`, max: 1 });
const database = createDatabase(pool, 'embedded', async () => {
  await socket.stop();
  await pglite.close();
});
const config = readTeamServerConfig({
  TEAM_SERVER_PORT: '0',
  TEAM_SERVER_SEARCH_RATE: '1000000',
  TEAM_SERVER_UPLOAD_RATE: '1000000',
});
const server = await startTeamServer(config, { embedder: benchEmbedder, database, log: () => {} });

let users: BenchUser[];
if (stored) users = JSON.parse(readFileSync(`${STORE}.users.json`, 'utf8'));
else {
  users = (await seedPeople(pool)).users;
  await dropModelIndexes(pool, benchEmbedder.modelId);
  await seedChunks(pool, users, CHUNKS, benchEmbedder.modelId);
  await pool.query(`SET maintenance_work_mem = '1GB'`);
  await ensureModelIndex(pool, benchEmbedder.modelId, benchEmbedder.dims);
  await pool.query('CHECKPOINT');
  writeFileSync(STORE, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  writeFileSync(`${STORE}.users.json`, JSON.stringify(users));
  console.log(`seeded ${CHUNKS} chunks into ${STORE}`);
}

const trips = new Map<string, number[]>();
if (PROFILE) {
  const original = pg.Client.prototype.query as (...a: unknown[]) => Promise<unknown>;
  pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
    const text = typeof a[0] === 'string' ? a[0] : (a[0] as { text: string }).text;
    const key = text.replace(/\s+/g, ' ').trim().slice(0, 60);
    const t0 = performance.now();
    const done = () => (trips.get(key) ?? trips.set(key, []).get(key)!).push(performance.now() - t0);
    const last = a.length - 1;
    if (typeof a[last] === 'function') {
      // The pool's own queries (pool.query) come with a callback.
      const callback = a[last] as (...r: unknown[]) => void;
      a[last] = (...r: unknown[]) => {
        done();
        callback(...r);
      };
      return original.apply(this, a);
    }
    const p = original.apply(this, a) as Promise<unknown> | undefined;
    if (!(p instanceof Promise)) return p;
    void p.then(done, () => {});
    return p;
  } as never;
}

if (process.argv.includes('--recall')) {
  // Recall@10 of the dense side at several ef_search; --rebuild builds the graph again first (pgvector's levels are
  // random: each build is another graph).
  if (process.argv.includes('--rebuild')) {
    const t0 = performance.now();
    await pool.query(`SET maintenance_work_mem = '1GB'`);
    await dropModelIndexes(pool, benchEmbedder.modelId);
    await ensureModelIndex(pool, benchEmbedder.modelId, benchEmbedder.dims);
    console.log(`rebuilt in ${round((performance.now() - t0) / 1000, 1)} s`);
  }
  for (const ef of [40, 80, 100, 200])
    console.log(`ef ${ef}: recall@10 ${round(await measureRecall(pool, users, ef, 10, 80), 3)}`);
  await server.close();
  await database.close();
  process.exit(0);
}
if (process.argv.includes('--explain')) {
  // The search's own statements, as the first user, under EXPLAIN ANALYZE: printed instead of a measurement.
  const original = pg.Client.prototype.query as (...a: unknown[]) => Promise<unknown>;
  const plans: string[] = [];
  pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
    // The search is one simple-protocol query (executeAsCaller): explained again on the same connection after it,
    // its EXECUTE under EXPLAIN ANALYZE, the statement already prepared.
    const text = typeof a[0] === 'string' ? a[0] : undefined;
    if (text?.includes(' EXECUTE tabwise_search_')) {
      const result = original.apply(this, a);
      const explained = text
        .replace(/ PREPARE tabwise_search_\w+ AS [\s\S]*?; EXECUTE/, ' EXECUTE')
        .replace(' EXECUTE tabwise_search_', ' EXPLAIN (ANALYZE, BUFFERS) EXECUTE tabwise_search_');
      void (original.apply(this, [explained]) as Promise<Array<{ rows: { 'QUERY PLAN': string }[] }>>).then((r) =>
        plans.push(
          r
            .at(-2)!
            .rows.map((x) => x['QUERY PLAN'])
            .join('\n'),
        ),
      );
      return result;
    }
    return original.apply(this, a);
  } as never;
  for (let i = 0; i < arg('explains', 12); i++) await measureSearch(server.url, users.slice(i % 10, (i % 10) + 1), 1);
  if (process.argv.includes('--plan')) console.log(plans.at(-1));
  const grab = (re: RegExp) => plans.slice(2).map((p) => Number(re.exec(p)?.[1] ?? NaN));
  const med = (v: number[]) => round(percentile(v, 50), 2);
  console.log(
    `median of ${plans.length - 2}: planning ${med(grab(/Planning Time: ([\d.]+)/))} ms, execution ${med(grab(/Execution Time: ([\d.]+)/))} ms, ` +
      `dense ${med(grab(/CTE dense\n.*?actual time=[\d.]+\.\.([\d.]+)/))} ms, sparse ${med(grab(/CTE sparse\n.*?actual time=[\d.]+\.\.([\d.]+)/))} ms`,
  );
  await server.close();
  await database.close();
  process.exit(0);
}
await measureSearch(server.url, users, 3); // warm
trips.clear();
for (let i = 0; i < ROUNDS; i++) {
  const elu0 = performance.eventLoopUtilization();
  const wall0 = performance.now();
  // As the bench measures: the load from a process of its own, or with --together in the server's own event loop.
  const s = await (process.argv.includes('--together') ? measureSearch : measureSearchApart)(
    server.url,
    users,
    QUERIES,
  );
  // The server's one thread (its event loop, PGlite's WebAssembly inside it) busy per search: 10 users at once wait
  // about ten of these.
  const busy = (performance.eventLoopUtilization(elu0).utilization * (performance.now() - wall0)) / s.count;
  console.log(
    `round ${i + 1}: ${s.count} searches p50 ${round(s.p50, 1)} ms p95 ${round(s.p95, 1)} ms, server thread busy ${round(busy, 2)} ms/search`,
  );
}
if (PROFILE) {
  const searches = ROUNDS * QUERIES * users.length;
  for (const [key, t] of [...trips].sort((a, b) => b[1].reduce((x, y) => x + y) - a[1].reduce((x, y) => x + y)))
    console.log(
      `${(t.length / searches).toFixed(2)}/search  p50 ${round(percentile(t, 50), 2)} ms  total ${round(t.reduce((x, y) => x + y) / searches, 2)} ms/search  ${key}`,
    );
}
await server.close();
await database.close();
