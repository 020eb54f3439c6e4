// Migration 010 lets full-text conditions use the GIN index under row-level security (ts_match_vq LEAKPROOF), and
// search walks the HNSW graph with a wider candidate list: the index path must still return only what the caller
// may read, and the settings must be the ones the bench measured recall at.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../lib/team-server/db/database';
import { executeAsCaller, withCaller, withOwner } from '../../lib/team-server/db/with-caller';
import {
  chunkIndexName,
  ensureModelIndex,
  HNSW_EF_CONSTRUCTION,
  modelIndexName,
} from '../../lib/team-server/ingest/ensure-model-index';
import { createTeam, createUser, addMember } from '../../lib/team-server/people/operator-tasks';
import { fuseScores } from '../../lib/team-server/search/fuse-scores';
import {
  searchChunks,
  searchEfSearch,
  searchPool,
  searchSettings,
  searchStatement,
} from '../../lib/team-server/search/search-chunks';
import { cosineQueryLiteral, vectorLiteral } from '../../lib/team-server/search/vector-sql';
import { benchEmbedder, embedText, queryText, seedChunks, seedPeople, type BenchUser } from '../bench/_team-world';
import { openTestDatabase, seedTeams } from './test-database';

let db: Database;
let world: Awaited<ReturnType<typeof seedTeams>>;
let bench: BenchUser[];

/** Migration 015's name of a team's (or the platform's) full-text index. */
const textIndexName = (team: string | null) => `chunks_tsv_${team === null ? 'platform' : team.replace(/-/g, '')}`;

const vec = (x: number) => `[${Array.from({ length: 4 }, (_, i) => (i === x ? 1 : 0)).join(',')}]`;

/** A document with one chunk, written as its owner through the policies. */
async function addDocument(
  ownerId: string,
  scope: 'user' | 'team' | 'platform',
  teamId: string | null,
  text: string,
  model = 'test-4d',
  vector = vec(0),
) {
  await withCaller(db.pool, { userId: ownerId }, async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO documents (scope, team_id, owner_id, title, content_hash, passages)
       VALUES ($1, $2, $3, $4::text, encode(sha256(convert_to($4::text, 'UTF8')), 'hex'), ARRAY[$4::text]) RETURNING id`,
      [scope, teamId, ownerId, text],
    );
    await tx.query(
      `INSERT INTO chunks (document_id, position, passage, text, token_count, model, embedding)
       VALUES ($1, 0, 0, $2, 3, $4, $3)`,
      [rows[0]!.id, text, vector, model],
    );
  });
}

beforeAll(async () => {
  db = await openTestDatabase();
  world = await seedTeams(db);
  await withOwner(db.pool, async (tx) => {
    await tx.query(`INSERT INTO models (id, dims) VALUES ('test-4d', 4), ('fuse-4d', 4)`);
    await tx.query(`INSERT INTO model_state (active_model, active_dtype, target_model, target_dtype)
                    VALUES ('test-4d', 'fp32', 'test-4d', 'fp32')`);
  });
  await addDocument(world.ada.userId, 'team', world.red, 'zanzibar red team');
  await addDocument(world.bob.userId, 'user', world.red, 'zanzibar bob private');
  await addDocument(world.cy.userId, 'team', world.blue, 'zanzibar blue team');
  await addDocument(world.dee.userId, 'user', world.blue, 'zanzibar dee private');
  await addDocument(world.pat.userId, 'platform', null, 'zanzibar platform');
  // Fusion's world: chunks of a model of their own, with vectors and words that differ, in both teams.
  const fuse: Array<[string, string, string]> = [
    ['alpha beta gamma', '[1,0.2,0,0]', 'red'],
    ['alpha alpha delta', '[0.3,1,0,0]', 'red'],
    ['beta epsilon', '[0,0,1,0.1]', 'red'],
    ['nothing in common', '[0.9,0.1,0.1,0]', 'red'],
    ['gamma alpha', '[0.1,0.1,0.1,1]', 'red'],
    ['alpha beta blue', '[1,0.2,0,0]', 'blue'],
  ];
  for (const [text, v, team] of fuse)
    await addDocument(
      team === 'red' ? world.ada.userId : world.cy.userId,
      'team',
      team === 'red' ? world.red : world.blue,
      text,
      'fuse-4d',
      v,
    );
  // The bench's world, small: 3 teams of 10 people, 1,000 chunks with clustered vectors and their HNSW index.
  bench = (await seedPeople(db.pool)).users;
  await db.pool.query('INSERT INTO tabwise.models (id, dims) VALUES ($1, $2)', [
    benchEmbedder.modelId,
    benchEmbedder.dims,
  ]);
  await seedChunks(db.pool, bench, 1000, benchEmbedder.modelId);
  await ensureModelIndex(db.pool, benchEmbedder.modelId, benchEmbedder.dims);
}, 400_000);

afterAll(() => db?.close());

/** A search of fusion's world (model fuse-4d) as `caller`. */
const searchFuse = (caller: { userId: string }, minScore = 0) =>
  searchChunks(db.pool, caller, {
    query: 'alpha',
    vector: Float32Array.from([1, 0, 0, 0]),
    model: { id: 'fuse-4d', dims: 4 },
    limit: 10,
    minScore,
  });

describe('full-text search through the GIN index under row-level security', () => {
  it('a full-text query of a team uses that team’s index and returns only what the caller may read', async () => {
    // Migration 015: a GIN index per team and one for the platform, read under the policies (ts_match_vq LEAKPROOF,
    // migration 010), whatever the query's own filter says.
    const asCaller = (userId: string, team: string | null) =>
      withCaller(db.pool, { userId }, async (tx) => {
        // The table is tiny: without this the planner would scan it whatever the function's marking.
        await tx.query(`SELECT set_config('enable_seqscan', 'off', true)`);
        const where = team === null ? 'team_id IS NULL' : `team_id = '${team}'::uuid`;
        const sql = `SELECT text FROM chunks WHERE ${where} AND tsv @@ to_tsquery('simple', 'zanzibar') ORDER BY text`;
        const plan = (await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`)).rows.map((r) => r['QUERY PLAN']);
        return { plan: plan.join('\n'), texts: (await tx.query<{ text: string }>(sql)).rows.map((r) => r.text) };
      });
    const dee = await asCaller(world.dee.userId, world.blue);
    expect(dee.plan).toMatch(/Index Cond: \(tsv @@ /);
    expect(dee.plan).toContain(textIndexName(world.blue));
    expect(dee.texts).toEqual(['zanzibar blue team', 'zanzibar dee private']);
    const bob = await asCaller(world.bob.userId, world.red);
    expect(bob.plan).toContain(textIndexName(world.red));
    expect(bob.texts).toEqual(['zanzibar bob private', 'zanzibar red team']);
    // Another team's index, read as Dee: its rows are not hers.
    expect((await asCaller(world.dee.userId, world.red)).texts).toEqual([]);
    const platform = await asCaller(world.dee.userId, null);
    expect(platform.plan).toContain(textIndexName(null));
    expect(platform.texts).toEqual(['zanzibar platform']);
  });

  it('the search path, asked for another team by id, finds nothing of it', async () => {
    const search = (userId: string, teamId?: string) =>
      searchChunks(
        db.pool,
        { userId },
        {
          query: 'zanzibar',
          vector: Float32Array.from([0, 1, 0, 0]),
          model: { id: 'test-4d', dims: 4 },
          teamId,
          limit: 10,
          minScore: 0,
        },
      );
    const forged = await search(world.bob.userId, world.blue);
    expect(forged.hits).toEqual([]);
    const own = await search(world.dee.userId);
    expect(own.hits.map((h) => h.snippet.text).sort()).toEqual([
      'zanzibar blue team',
      'zanzibar dee private',
      'zanzibar platform',
    ]);
  });

  it('the statement fuses both sides as fuse-scores.ts does, over what the caller may read, best first', async () => {
    const query = 'alpha beta';
    const vector = Float32Array.from([0.8, 0.5, 0.1, 0]);
    const run = (minScore: number, limit: number) =>
      searchChunks(db.pool, world.ada, { query, vector, model: { id: 'fuse-4d', dims: 4 }, limit, minScore });
    // Fewer chunks than a pool: every visible one is a candidate, its scores computed here exactly.
    const all = await withCaller(
      db.pool,
      world.ada,
      async (tx) =>
        (
          await tx.query<{ id: string; cosine: number; rank: number }>(
            // The query's vector as the search sends it (cosineQueryLiteral): the fusion is compared exactly.
            `SELECT id::text, (1 - (embedding::vector(4) <=> ($1::int4[])::vector(4)))::float8 AS cosine,
                  ts_rank_cd(tsv, websearch_to_tsquery('simple', $2))::float8 AS rank
             FROM chunks WHERE model = 'fuse-4d' ORDER BY id`,
            [cosineQueryLiteral(vector), query],
          )
        ).rows,
    );
    expect(all).toHaveLength(5);
    for (const [minScore, limit] of [
      [0, 10],
      [0.5, 10],
      [0, 2],
    ] as const) {
      const found = await run(minScore, limit);
      const expected = fuseScores(all, minScore).slice(0, limit);
      expect(found.hits.map((h) => h.chunkId)).toEqual(expected.map((e) => e.id));
      found.hits.forEach((h, i) => expect(h.score).toBeCloseTo(expected[i]!.score, 12));
      expect(found.candidates).toBe(5);
      expect(found.activeModel).toBe('test-4d');
    }
    expect((await run(0, 10)).hits.map((h) => h.snippet.text)).not.toContain('alpha beta blue');
  });

  it('a search on a new connection to the same session (the embedded PGlite is one) finds its statement prepared', async () => {
    const search = () => searchFuse(world.ada);
    const first = await search();
    expect(first.hits.length).toBeGreaterThan(0);
    // The pool's one connection dropped and opened again: the driver's side is new, the session is not.
    const client = await db.pool.connect();
    client.release(true);
    // The socket takes one connection: the new one is refused until the old one's close has gone through.
    await expect
      .poll(() =>
        db.pool.query('SELECT 1').then(
          () => true,
          () => false,
        ),
      )
      .toBe(true);
    expect(await search()).toEqual(first);
    const { rows } = await db.pool.query(
      `SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'tabwise_search_%'`,
    );
    expect(rows[0].n).toBeGreaterThan(0);
  });

  it('a search that nothing passes still says how many candidates it had and which model is active', async () => {
    const none = await searchFuse(world.ada, 2);
    expect(none).toMatchObject({ hits: [], candidates: 5, activeModel: 'test-4d' });
    const empty = await searchFuse(world.pat);
    expect(empty).toMatchObject({ hits: [], candidates: 0, activeModel: 'test-4d' });
  });

  it('a chunk’s vector, words and text are in its row, not in the TOAST table (migration 016)', async () => {
    const { rows } = await db.pool.query<{ toast: string }>(
      `SELECT pg_relation_size(c.reltoastrelid)::text AS toast FROM pg_class c WHERE c.oid = 'tabwise.chunks'::regclass`,
    );
    // 1,000 bench chunks and the others, written after the migration: nothing of theirs went out of line.
    expect(rows[0]!.toast).toBe('0');
    const storage = await db.pool.query<{ attname: string; attstorage: string }>(
      `SELECT attname, attstorage FROM pg_attribute WHERE attrelid = 'tabwise.chunks'::regclass
          AND attname IN ('embedding', 'tsv', 'text') ORDER BY attname`,
    );
    expect(storage.rows.map((r) => `${r.attname}:${r.attstorage}`)).toEqual(['embedding:m', 'text:m', 'tsv:m']);
  });

  it('the GIN indexes keep no pending list (PGlite never vacuums it away), and none spans every team', async () => {
    const { rows } = await db.pool.query<{ name: string; opts: string[] }>(
      `SELECT c.relname AS name, c.reloptions AS opts FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
        JOIN pg_am a ON a.oid = c.relam WHERE i.indrelid = 'tabwise.chunks'::regclass AND a.amname = 'gin'
        ORDER BY 1`,
    );
    const teams = (await db.pool.query<{ id: string }>('SELECT id FROM tabwise.teams')).rows.map((r) => r.id);
    expect(rows.map((r) => r.name)).toEqual([...teams, null].map(textIndexName).sort());
    for (const r of rows) expect(r.opts).toContain('fastupdate=off');
  });
});

describe('HNSW settings of a search', () => {
  it('a search walks with its ef_search and iterative scans, in its transaction only', async () => {
    const [user] = bench;
    await searchChunks(db.pool, user!, {
      query: queryText(3, () => 0.5),
      vector: embedText(queryText(3, () => 0.5)),
      model: { id: benchEmbedder.modelId, dims: benchEmbedder.dims },
      limit: 10,
      minScore: 0,
    });
    // What a search's statement runs with: the same settings, set the same way.
    const [settings] = await executeAsCaller<{ ef: string; scan: string; role: string }>(
      db.pool,
      user!,
      {
        name: 'settings_probe',
        text: `SELECT current_setting('hnsw.ef_search') AS ef, current_setting('hnsw.iterative_scan') AS scan,
                      current_user AS role`,
      },
      [],
      searchSettings(10),
    );
    expect(settings).toEqual({ ef: String(searchEfSearch(10)), scan: 'relaxed_order', role: 'tabwise_app' });
    // Every graph (each team's, the platform's) is built with the candidate list recall was measured at, and the
    // one graph over every team of before is gone.
    const teams = [...new Set(bench.map((u) => u.teamId)), world.red, world.blue, null];
    const index = await db.pool.query<{ name: string; opts: string[] }>(
      `SELECT relname AS name, reloptions AS opts FROM pg_class WHERE relname = ANY ($1::text[]) ORDER BY relname`,
      [[...teams.map((t) => chunkIndexName(benchEmbedder.modelId, t)), modelIndexName(benchEmbedder.modelId)]],
    );
    expect(index.rows.map((r) => r.name)).toEqual(teams.map((t) => chunkIndexName(benchEmbedder.modelId, t)).sort());
    for (const r of index.rows) expect(r.opts).toContain(`ef_construction=${HNSW_EF_CONSTRUCTION}`);
    const after = await db.pool.query<{ ef: string }>(`SELECT current_setting('hnsw.ef_search', true) AS ef`);
    expect(after.rows[0]!.ef).not.toBe(String(searchEfSearch(10)));
  });

  it('the dense side of a search finds the exact top 10 of what the caller may read (recall@10 ≥ 0.95)', async () => {
    let seed = 17;
    const r = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296) % 1;
    let sum = 0;
    const samples = 20;
    for (let i = 0; i < samples; i++) {
      const user = bench[i % bench.length]!;
      const vector = embedText(queryText(Math.floor(r() * 60), r));
      const found =
        await // A query with no word in the corpus: only the HNSW side gives candidates, ranked by exact cosine.
        searchChunks(db.pool, user, {
          query: 'qqqqnothing',
          vector,
          model: { id: benchEmbedder.modelId, dims: benchEmbedder.dims },
          limit: 10,
          minScore: 0,
        });
      const exact = await withCaller(db.pool, user, async (tx) => {
        await tx.query(`SELECT set_config('enable_indexscan', 'off', true)`);
        const { rows } = await tx.query<{ id: string }>(
          `SELECT id::text FROM chunks WHERE model = $2 ORDER BY embedding::vector(384) <=> $1::vector(384) LIMIT 10`,
          [vectorLiteral(vector), benchEmbedder.modelId],
        );
        return rows.map((x) => x.id);
      });
      expect(found.candidates).toBeLessThanOrEqual(searchPool(10));
      const got = new Set(found.hits.map((h) => h.chunkId));
      sum += exact.filter((id) => got.has(id)).length / exact.length;
    }
    expect(sum / samples).toBeGreaterThanOrEqual(0.95);
  });
});

describe('a graph per team (migration 013)', () => {
  const searchedTeams = async (userId: string) =>
    (await db.pool.query<{ t: string[] }>('SELECT tabwise.searched_team_ids($1) AS t', [userId])).rows[0]!.t;

  it('a search reads the graphs of its own teams and the platform, and no other team’s', async () => {
    const user = bench[0]!;
    const teams = await searchedTeams(user.userId);
    expect(teams).toEqual([user.teamId]);
    const q = queryText(5, () => 0.3);
    const s = {
      query: q,
      vector: embedText(q),
      model: { id: benchEmbedder.modelId, dims: benchEmbedder.dims },
      limit: 10,
      minScore: 0,
    };
    const statement = searchStatement(teams, s);
    const plan = await withCaller(db.pool, user, async (tx) => {
      for (const [k, v] of Object.entries(searchSettings(10)))
        await tx.query('SELECT set_config($1, $2, true)', [k, v]);
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement.text}`, statement.args);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    const used = [...plan.matchAll(/Index Scan using (chunks_hnsw_\w+)/g)].map((m) => m[1]).sort();
    expect(used).toEqual(
      [chunkIndexName(benchEmbedder.modelId, user.teamId), chunkIndexName(benchEmbedder.modelId, null)].sort(),
    );
    // The full-text side reads the same team's and the platform's GIN indexes (migration 015).
    const text = [...plan.matchAll(/Bitmap Index Scan on (chunks_tsv_\w+)/g)].map((m) => m[1]).sort();
    expect(text).toEqual([textIndexName(user.teamId), textIndexName(null)].sort());
    // And what it finds is the caller's to read, from its team.
    const found = await searchChunks(db.pool, { userId: user.userId }, s);
    expect(found.hits.length).toBe(10);
    expect(found.hits.every((h) => h.teamId === user.teamId)).toBe(true);
    // Filtered to the platform, it reads the platform's graph alone.
    const platformOnly = searchStatement(teams, { ...s, scopes: ['platform'] });
    expect(platformOnly.text).not.toContain(user.teamId);
    expect(platformOnly.text).toContain('c.team_id IS NULL');
  });

  it('a team created later has its graphs at once, and a deleted team’s are dropped', async () => {
    const exists = async (name: string) =>
      (await db.pool.query('SELECT 1 FROM pg_indexes WHERE indexname = $1', [name])).rowCount === 1;
    const team = await withOwner(db.pool, (tx) => createTeam(tx, 'Green'));
    // The models searched and embedded now (model_state: test-4d).
    expect(await exists(chunkIndexName('test-4d', team))).toBe(true);
    expect(await exists(textIndexName(team))).toBe(true);
    await withOwner(db.pool, (tx) => tx.query('DELETE FROM teams WHERE id = $1', [team]));
    expect(await exists(chunkIndexName('test-4d', team))).toBe(false);
    expect(await exists(textIndexName(team))).toBe(false);
  });

  it('one who joins a team finds its documents at once; one who leaves still finds their own there, not the team’s', async () => {
    const eve = await withOwner(db.pool, async (tx) => {
      const id = await createUser(tx, { email: 'eve@red.test' });
      await addMember(tx, world.red, id, 'member');
      return id;
    });
    await addDocument(eve, 'user', world.red, 'zanzibar eve private');
    const search = () =>
      searchChunks(
        db.pool,
        { userId: eve },
        {
          query: 'zanzibar',
          vector: Float32Array.from([0, 1, 0, 0]),
          model: { id: 'test-4d', dims: 4 },
          limit: 10,
          minScore: 0,
        },
      );
    expect((await search()).hits.map((h) => h.snippet.text).sort()).toEqual([
      'zanzibar eve private',
      'zanzibar platform',
      'zanzibar red team',
    ]);
    // Added to another team: the next search reads its graph too (the server remembered red alone; the search's
    // own statement saw the change).
    await withOwner(db.pool, (tx) => addMember(tx, world.blue, eve, 'member'));
    expect((await search()).hits.map((h) => h.snippet.text).sort()).toEqual([
      'zanzibar blue team',
      'zanzibar eve private',
      'zanzibar platform',
      'zanzibar red team',
    ]);
    await withOwner(db.pool, (tx) => tx.query('DELETE FROM members WHERE user_id = $1', [eve]));
    expect(await searchedTeams(eve)).toEqual([world.red]);
    expect((await search()).hits.map((h) => h.snippet.text).sort()).toEqual([
      'zanzibar eve private',
      'zanzibar platform',
    ]);
    expect(await searchedTeams(world.pat.userId)).toEqual([]);
  });
});
