// Search traces are written in batches off the search's path (search/record-search-trace.ts): none is lost when
// the database refuses a write for a while, /health counts the instance's latest, and a trace never holds a query.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../lib/team-server/db/database';
import {
  createSearchTraceWriter,
  readRecentSearches,
  type SearchTraceRow,
} from '../../lib/team-server/search/record-search-trace';
import { openTestDatabase, seedTeams } from './test-database';

let db: Database;
let world: Awaited<ReturnType<typeof seedTeams>>;

beforeAll(async () => {
  db = await openTestDatabase();
  world = await seedTeams(db);
}, 120_000);
afterAll(() => db?.close());

const trace = (userId: string, i: number): SearchTraceRow => ({
  userId,
  queryHash: i.toString(16).padStart(16, '0'),
  model: 'test-model',
  embedMs: 1,
  searchMs: 10 + i,
  candidates: 40,
  results: i % 3,
  topScore: i % 3 ? 0.5 : null,
  miss: i % 3 < 2,
});

const stored = async () =>
  (
    await db.pool.query<{ query_hash: string; user_id: string; search_ms: number; top_score: number | null }>(
      `SELECT query_hash, user_id, search_ms, top_score FROM tabwise.search_traces ORDER BY id`,
    )
  ).rows;

describe('search traces', () => {
  it('are held until a batch is full or a moment has passed, then written in one statement with every field', async () => {
    await db.pool.query('DELETE FROM tabwise.search_traces');
    let statements = 0;
    const counting: Queryable = {
      query: ((...a: Parameters<Queryable['query']>) => {
        statements++;
        return (db.pool.query as (...x: unknown[]) => unknown)(...a);
      }) as Queryable['query'],
    };
    const writer = createSearchTraceWriter(counting, { batch: 3, delayMs: 200, log: () => {} });
    writer.add(trace(world.ada.userId, 1));
    writer.add(trace(world.bob.userId, 2));
    expect(await stored()).toEqual([]);
    writer.add(trace(world.bob.userId, 3)); // the batch is full: written now
    await expect.poll(stored).toHaveLength(3);
    expect(statements).toBe(1);
    writer.add(trace(world.cy.userId, 4));
    await expect.poll(stored, { timeout: 2000 }).toHaveLength(4); // after its moment
    expect(statements).toBe(2);
    const rows = await stored();
    expect(rows.map((r) => r.user_id)).toEqual([world.ada.userId, world.bob.userId, world.bob.userId, world.cy.userId]);
    expect(rows[0]).toMatchObject({ query_hash: '0000000000000001', search_ms: 11, top_score: 0.5 });
    expect(rows[2]!.top_score).toBeNull();
    await writer.close();
  });

  it('a write the database refuses keeps its traces for the next one, in order; beyond the bound the oldest go', async () => {
    await db.pool.query('DELETE FROM tabwise.search_traces');
    let down = true;
    const lines: string[] = [];
    const flaky: Queryable = {
      query: ((...a: Parameters<Queryable['query']>) =>
        down
          ? Promise.reject(new Error('connection refused'))
          : (db.pool.query as (...x: unknown[]) => unknown)(...a)) as Queryable['query'],
    };
    const writer = createSearchTraceWriter(flaky, {
      batch: 100,
      delayMs: 60_000,
      maxHeld: 4,
      log: (l) => lines.push(l),
    });
    for (let i = 1; i <= 3; i++) writer.add(trace(world.ada.userId, i));
    await writer.flush();
    expect(lines).toEqual(['team-server: 3 search traces not written (connection refused)']);
    for (let i = 4; i <= 6; i++) writer.add(trace(world.ada.userId, i));
    await writer.flush();
    expect(lines[1]).toBe('team-server: 4 search traces not written (connection refused); 2 oldest dropped');
    down = false;
    await writer.close();
    expect((await stored()).map((r) => r.query_hash.slice(-1))).toEqual(['3', '4', '5', '6']);
    expect(lines).toHaveLength(2);
  });

  it('a batch Postgres refuses as data is said and let go, not retried for ever', async () => {
    await db.pool.query('DELETE FROM tabwise.search_traces');
    const lines: string[] = [];
    const writer = createSearchTraceWriter(db.pool, { log: (l) => lines.push(l) });
    writer.add({ ...trace(world.ada.userId, 1), queryHash: 'not a hash' });
    await writer.flush();
    expect(lines[0]).toMatch(/^team-server: 1 search traces refused \(.*check constraint/);
    // The next one is written (the pool may first replace the connection the refusal ended: kept till then).
    writer.add(trace(world.ada.userId, 2));
    await expect
      .poll(async () => {
        await writer.flush();
        return (await stored()).map((r) => r.query_hash);
      })
      .toEqual(['0000000000000002']);
    expect(lines.filter((l) => l.includes('refused'))).toHaveLength(1);
    await writer.close();
  });

  it('/health reads aggregates of what was written', async () => {
    await db.pool.query('DELETE FROM tabwise.search_traces');
    const writer = createSearchTraceWriter(db.pool, { log: () => {} });
    for (let i = 0; i < 6; i++) writer.add(trace(world.dee.userId, i));
    expect((await readRecentSearches(db.pool)).count).toBe(0);
    await writer.flush();
    const recent = await readRecentSearches(db.pool);
    expect(recent).toMatchObject({ count: 6, misses: 4 });
    expect(recent.p50Ms).toBeCloseTo(13.5, 1);
    await writer.close();
  });
});
