// Scope isolation is the database's: these queries run as the application role with only the caller's identity
// set, and many of them deliberately forget every filter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../lib/team-server/db/database';
import { findIsolationProblems } from '../../lib/team-server/db/check-isolation';
import { migrate } from '../../lib/team-server/db/migrate';
import { withCaller, withOwner } from '../../lib/team-server/db/with-caller';
import { openTestDatabase, seedTeams } from './test-database';

let db: Database;
let world: Awaited<ReturnType<typeof seedTeams>>;

const vec = (x: number) => `[${Array.from({ length: 4 }, (_, i) => (i === x ? 1 : 0)).join(',')}]`;

/** A document with one chunk, written as its owner through the policies. */
async function addDocument(ownerId: string, scope: 'user' | 'team' | 'platform', teamId: string | null, title: string) {
  return withCaller(db.pool, { userId: ownerId }, async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO documents (scope, team_id, owner_id, title, content_hash, passages)
       VALUES ($1, $2, $3, $4, $5, ARRAY[$4]) RETURNING id`,
      [
        scope,
        teamId,
        ownerId,
        title,
        title
          .padEnd(64, '0')
          .replace(/[^0-9a-f]/g, 'a')
          .slice(0, 64),
      ],
    );
    const id = rows[0]!.id;
    await tx.query(
      `INSERT INTO chunks (document_id, position, passage, text, token_count, model, embedding)
       VALUES ($1, 0, 0, $2, 3, 'test-4d', $3)`,
      [id, `${title} text`, vec(0)],
    );
    return id;
  });
}

beforeAll(async () => {
  db = await openTestDatabase();
  world = await seedTeams(db);
  await withOwner(db.pool, (tx) => tx.query(`INSERT INTO models (id, dims) VALUES ('test-4d', 4)`));
  await addDocument(world.ada.userId, 'team', world.red, 'red team doc');
  await addDocument(world.bob.userId, 'user', world.red, 'bob private');
  await addDocument(world.cy.userId, 'team', world.blue, 'blue team doc');
  await addDocument(world.dee.userId, 'user', world.blue, 'dee private');
  await addDocument(world.pat.userId, 'platform', null, 'platform doc');
}, 120_000);

afterAll(() => db?.close());

const titlesSeenBy = (userId: string, sql: string) =>
  withCaller(db.pool, { userId }, async (tx) => (await tx.query<{ t: string }>(sql)).rows.map((r) => r.t).sort());

describe('row-level security', () => {
  it('the application role cannot bypass it: not a superuser, no BYPASSRLS, owns nothing, every table guarded', async () => {
    expect(await findIsolationProblems(db.pool)).toEqual([]);
    const who = await withCaller(db.pool, world.bob, async (tx) => (await tx.query('SELECT current_user AS u')).rows);
    expect(who).toEqual([{ u: 'tabwise_app' }]);
  });

  it('an unfiltered SELECT * FROM chunks as a member of another team returns only what that member may read', async () => {
    expect(await titlesSeenBy(world.dee.userId, 'SELECT text AS t FROM chunks')).toEqual([
      'blue team doc text',
      'dee private text',
      'platform doc text',
    ]);
    expect(await titlesSeenBy(world.bob.userId, 'SELECT text AS t FROM chunks')).toEqual([
      'bob private text',
      'platform doc text',
      'red team doc text',
    ]);
  });

  it('user scope is the owner alone, even for their team admin', async () => {
    expect(await titlesSeenBy(world.ada.userId, 'SELECT title AS t FROM documents')).toEqual([
      'platform doc',
      'red team doc',
    ]);
  });

  it('with no caller set, nothing but the platform is visible', async () => {
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SET LOCAL search_path = tabwise, public; SET LOCAL ROLE tabwise_app`);
      const { rows } = await client.query('SELECT title FROM documents');
      expect(rows).toEqual([{ title: 'platform doc' }]);
      expect((await client.query('SELECT * FROM access_tokens')).rows).toEqual([]);
      expect((await client.query('SELECT * FROM users')).rows).toEqual([]);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('a forged document id of another team reads nothing and deletes nothing', async () => {
    const [blueDoc] = await titlesSeenBy(world.cy.userId, `SELECT id::text AS t FROM documents WHERE scope = 'team'`);
    const read = await withCaller(db.pool, world.bob, async (tx) => {
      const r = await tx.query('SELECT * FROM chunks WHERE document_id = $1', [blueDoc]);
      const d = await tx.query('DELETE FROM documents WHERE id = $1', [blueDoc]);
      return { chunks: r.rowCount, deleted: d.rowCount };
    });
    expect(read).toEqual({ chunks: 0, deleted: 0 });
    expect(await titlesSeenBy(world.dee.userId, `SELECT title AS t FROM documents WHERE id = '${blueDoc}'`)).toEqual([
      'blue team doc',
    ]);
  });

  it('refuses writes into a team the caller is not in, into the platform for a non-admin, and chunks of unseen documents', async () => {
    const insertInto = (userId: string, scope: string, team: string | null) =>
      withCaller(db.pool, { userId }, (tx) =>
        tx.query(
          `INSERT INTO documents (scope, team_id, owner_id, title, content_hash, passages)
           VALUES ($1, $2, $3, 'x', repeat('b', 64), '{x}')`,
          [scope, team, userId],
        ),
      );
    await expect(insertInto(world.bob.userId, 'team', world.blue)).rejects.toThrow(/row-level security/);
    await expect(insertInto(world.bob.userId, 'platform', null)).rejects.toThrow(/row-level security/);
    // Writing as someone else: the owner must be the caller.
    await expect(
      withCaller(db.pool, world.bob, (tx) =>
        tx.query(
          `INSERT INTO documents (scope, team_id, owner_id, title, content_hash, passages)
           VALUES ('team', $1, $2, 'x', repeat('c', 64), '{x}')`,
          [world.red, world.ada.userId],
        ),
      ),
    ).rejects.toThrow(/row-level security/);
    const [blueDoc] = await titlesSeenBy(world.cy.userId, `SELECT id::text AS t FROM documents WHERE scope = 'team'`);
    await expect(
      withCaller(db.pool, world.bob, (tx) =>
        tx.query(
          `INSERT INTO chunks (document_id, position, passage, text, token_count, model, embedding)
           VALUES ($1, 9, 0, 'planted', 1, 'test-4d', $2)`,
          [blueDoc, vec(1)],
        ),
      ),
    ).rejects.toThrow(/not visible/);
  });

  it('a chunk takes its scope and team from its document, whatever the insert says', async () => {
    const rows = await withCaller(db.pool, world.bob, async (tx) => {
      const { rows: docs } = await tx.query<{ id: string }>(`SELECT id FROM documents WHERE title = 'bob private'`);
      await tx.query(
        `INSERT INTO chunks (document_id, scope, team_id, position, passage, text, token_count, model, embedding)
         VALUES ($1, 'platform', NULL, 1, 0, 'promoted?', 1, 'test-4d', $2)`,
        [docs[0]!.id, vec(2)],
      );
      return (await tx.query(`SELECT scope, team_id FROM chunks WHERE text = 'promoted?'`)).rows;
    });
    expect(rows).toEqual([{ scope: 'user', team_id: world.red }]);
    expect(await titlesSeenBy(world.ada.userId, `SELECT text AS t FROM chunks WHERE text = 'promoted?'`)).toEqual([]);
  });

  it('a team admin deletes a member’s team document; a member cannot delete the admin’s', async () => {
    const bobTeamDoc = await addDocument(world.bob.userId, 'team', world.red, 'bob shared');
    const byBob = await withCaller(db.pool, world.bob, (tx) =>
      tx.query(`DELETE FROM documents WHERE title = 'red team doc'`),
    );
    expect(byBob.rowCount).toBe(0);
    const byAda = await withCaller(db.pool, world.ada, (tx) =>
      tx.query('DELETE FROM documents WHERE id = $1', [bobTeamDoc]),
    );
    expect(byAda.rowCount).toBe(1);
  });

  it('tokens, members and people are visible within one’s own teams only', async () => {
    const tokens = await withCaller(
      db.pool,
      world.bob,
      async (tx) => (await tx.query('SELECT user_id FROM access_tokens')).rows,
    );
    expect(tokens).toEqual([{ user_id: world.bob.userId }]);
    expect(await titlesSeenBy(world.bob.userId, 'SELECT email AS t FROM users')).toEqual([
      'ada@red.test',
      'bob@red.test',
    ]);
    const members = await withCaller(db.pool, world.bob, async (tx) => {
      const add = tx.query(`INSERT INTO members (team_id, user_id, role) VALUES ($1, $2, 'member')`, [
        world.red,
        world.dee.userId,
      ]);
      return add.then(
        () => 'added',
        (e: Error) => e.message,
      );
    });
    expect(members).toMatch(/row-level security/);
  });

  it('document view links: an unfiltered SELECT shows one’s own only, and none is made for a document one cannot read', async () => {
    const [redDoc] = await titlesSeenBy(world.bob.userId, `SELECT id::text AS t FROM documents WHERE scope = 'team'`);
    const [blueDoc] = await titlesSeenBy(world.cy.userId, `SELECT id::text AS t FROM documents WHERE scope = 'team'`);
    const hash = (n: number) => Buffer.alloc(32, n);
    await withCaller(db.pool, world.bob, (tx) =>
      tx.query('INSERT INTO document_views (token_hash, user_id, document_id) VALUES ($1, $2, $3)', [
        hash(1),
        world.bob.userId,
        redDoc,
      ]),
    );
    for (const who of [world.ada, world.cy, world.dee, world.pat])
      expect(await titlesSeenBy(who.userId, 'SELECT document_id::text AS t FROM document_views')).toEqual([]);
    expect(await titlesSeenBy(world.bob.userId, 'SELECT document_id::text AS t FROM document_views')).toEqual([redDoc]);
    // Bob (Red) cannot make a link for Blue's document, nor one in Cy's name.
    await expect(
      withCaller(db.pool, world.bob, (tx) =>
        tx.query('INSERT INTO document_views (token_hash, user_id, document_id) VALUES ($1, $2, $3)', [
          hash(2),
          world.bob.userId,
          blueDoc,
        ]),
      ),
    ).rejects.toThrow(/row-level security/);
    await expect(
      withCaller(db.pool, world.bob, (tx) =>
        tx.query('INSERT INTO document_views (token_hash, user_id, document_id) VALUES ($1, $2, $3)', [
          hash(3),
          world.cy.userId,
          redDoc,
        ]),
      ),
    ).rejects.toThrow(/row-level security/);
    // Deleting another's link deletes nothing.
    const gone = await withCaller(db.pool, world.ada, (tx) => tx.query('DELETE FROM document_views'));
    expect(gone.rowCount).toBe(0);
  });

  it('settings do not outlive the transaction: the next use of the connection is the login role with no caller', async () => {
    await withCaller(db.pool, world.bob, (tx) => tx.query('SELECT 1'));
    const { rows } = await db.pool.query(`SELECT current_user AS u, current_setting('tabwise.user_id', true) AS id`);
    expect(rows[0].u).not.toBe('tabwise_app');
    expect(rows[0].id ?? '').toBe('');
  });

  it('a transaction’s extra settings are index knobs only: none can change the role, the path or the caller', async () => {
    const seen = await withCaller(
      db.pool,
      world.bob,
      async (tx) =>
        (
          await tx.query(
            `SELECT current_user AS u, current_setting('tabwise.user_id') AS id, current_setting('hnsw.ef_search') AS ef`,
          )
        ).rows[0],
      { 'hnsw.ef_search': '77' },
    );
    expect(seen).toEqual({ u: 'tabwise_app', id: world.bob.userId, ef: '77' });
    for (const name of [
      'role',
      'search_path',
      'tabwise.user_id',
      'hnsw.ef_search; RESET ROLE',
      'session_authorization',
    ])
      await expect(
        withCaller(db.pool, world.bob, (tx) => tx.query('SELECT 1'), { [name]: 'x' } as never),
      ).rejects.toThrow(/not a transaction setting/);
    const after = await db.pool.query(`SELECT current_setting('hnsw.ef_search', true) AS ef`);
    expect(after.rows[0].ef).not.toBe('77');
  });

  it('migrations are versioned: running them again applies nothing', async () => {
    expect(await migrate(db.pool)).toEqual([]);
    const { rows } = await db.pool.query('SELECT version, name FROM tabwise.schema_migrations');
    expect(rows).toEqual([
      { version: 1, name: 'scopes-and-documents' },
      { version: 2, name: 'search-traces' },
      { version: 3, name: 'people' },
      { version: 4, name: 'rate-limits' },
      { version: 5, name: 'oidc-sign-in' },
      { version: 6, name: 'document-views' },
      { version: 7, name: 'events-and-reembedding' },
      { version: 8, name: 'team-providers' },
      { version: 9, name: 'audit-lines' },
      { version: 10, name: 'search-speed' },
      { version: 11, name: 'token-touch' },
      { version: 12, name: 'token-and-bucket' },
      { version: 13, name: 'team-vector-indexes' },
      { version: 14, name: 'policy-functions-cached' },
      { version: 15, name: 'team-text-indexes' },
      { version: 16, name: 'chunks-in-their-row' },
      { version: 17, name: 'rate-bucket-first' },
    ]);
  });
});
