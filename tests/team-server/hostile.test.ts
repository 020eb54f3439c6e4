// Hostile input against the team server: wrong and revoked tokens, forged ids of another team, SQL injection in
// every parameter, oversized and malformed uploads, and titles that look like paths.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeAsCaller, withCaller, withOwner } from '../../lib/team-server/db/with-caller';
import { issueAccessToken } from '../../lib/team-server/people/operator-tasks';
import { searchSettings, searchStatement } from '../../lib/team-server/search/search-chunks';
import { fakeEmbedder, startTestServer } from './test-server';

let t: Awaited<ReturnType<typeof startTestServer>>;
let blueDoc: string;
let redDoc: string;

const INJECTIONS = [
  `'; DROP TABLE tabwise.chunks; --`,
  `' OR '1'='1`,
  `x') OR true; SELECT set_config('tabwise.user_id', '00000000-0000-0000-0000-000000000000', false); --`,
  `$1; RESET ROLE; SELECT * FROM tabwise.access_tokens; --`,
  `\\'; DELETE FROM tabwise.documents; --`,
];

async function tablesIntact() {
  const { rows } = await t.server.ctx.db.pool.query(
    `SELECT (SELECT count(*)::int FROM tabwise.documents) AS docs, (SELECT count(*)::int FROM tabwise.chunks) AS chunks,
            (SELECT count(*)::int FROM tabwise.access_tokens WHERE revoked_at IS NULL) AS tokens`,
  );
  return rows[0];
}

beforeAll(async () => {
  // Rate limits high: this file sends many requests as Bob on purpose (people.test.ts tests the limits).
  t = await startTestServer(
    {
      TEAM_SERVER_MAX_UPLOAD_BYTES: String(64 * 1024),
      TEAM_SERVER_SEARCH_RATE: '10000',
      TEAM_SERVER_UPLOAD_RATE: '10000',
    },
    { embedder: fakeEmbedder() },
  );
  const blue = await t.call('POST', '/v1/documents', t.world.cy.token, {
    teamId: t.world.blue,
    title: 'Blue secret plan',
    text: 'The blue launch code is swordfish.',
  });
  blueDoc = blue.json.document.id;
  const red = await t.call('POST', '/v1/documents', t.world.bob.token, {
    teamId: t.world.red,
    title: 'Red plan',
    text: 'The red team meets on Thursday.',
  });
  redDoc = red.json.document.id;
  await t.waitFor(t.world.cy.token, blueDoc);
  await t.waitFor(t.world.bob.token, redDoc);
}, 180_000);

afterAll(() => t?.server.close());

describe('team server under hostile input', () => {
  it('refuses a missing, malformed, unknown, or revoked token, and a token in the wrong header form', async () => {
    const bad = [
      undefined,
      'not-a-token',
      `twp_${'A'.repeat(43)}`,
      t.world.bob.token.slice(0, -1) + (t.world.bob.token.endsWith('A') ? 'B' : 'A'),
      `${t.world.bob.token}' OR '1'='1`,
    ];
    for (const token of bad) expect((await t.call('GET', '/v1/me', token)).status).toBe(401);
    const basic = await fetch(`${t.server.url}/v1/me`, { headers: { authorization: `Basic ${t.world.bob.token}` } });
    expect(basic.status).toBe(401);
    await t.server.ctx.db.pool.query('UPDATE tabwise.access_tokens SET revoked_at = now() WHERE id = $1', [
      t.world.dee.tokenId,
    ]);
    expect((await t.call('GET', '/v1/me', t.world.dee.token)).status).toBe(401);
  });

  it('a token’s use is written at most once a minute, and revoking it still ends it at once', async () => {
    const pool = t.server.ctx.db.pool;
    const issued = await withOwner(pool, (tx) => issueAccessToken(tx, t.world.bob.userId, 'touch test'));
    const usedAt = async () =>
      (
        await pool.query<{ at: Date | null }>('SELECT last_used_at AS at FROM tabwise.access_tokens WHERE id = $1', [
          issued.id,
        ])
      ).rows[0]!.at;
    expect(await usedAt()).toBeNull();
    expect((await t.call('GET', '/v1/me', issued.token)).status).toBe(200);
    const first = await usedAt();
    expect(first).toBeInstanceOf(Date);
    expect((await t.call('GET', '/v1/me', issued.token)).status).toBe(200);
    expect(await usedAt()).toEqual(first); // within the minute: no write
    await pool.query(`UPDATE tabwise.access_tokens SET last_used_at = now() - interval '2 minutes' WHERE id = $1`, [
      issued.id,
    ]);
    const stale = await usedAt();
    expect((await t.call('GET', '/v1/me', issued.token)).status).toBe(200);
    expect((await usedAt())!.getTime()).toBeGreaterThan(stale!.getTime() + 60_000);
    // Just used, then revoked: refused on the next request.
    await pool.query('UPDATE tabwise.access_tokens SET revoked_at = now() WHERE id = $1', [issued.id]);
    expect((await t.call('GET', '/v1/me', issued.token)).status).toBe(401);
  });

  it('a forged id of another team’s document reads, deletes and finds nothing', async () => {
    const bob = t.world.bob.token;
    expect((await t.call('GET', `/v1/documents/${blueDoc}`, bob)).status).toBe(404);
    expect((await t.call('DELETE', `/v1/documents/${blueDoc}`, bob)).status).toBe(404);
    const search = await t.call('POST', '/v1/search', bob, {
      query: 'blue launch code swordfish',
      documentIds: [blueDoc],
      teamId: t.world.blue,
      minScore: 0,
    });
    expect(search.json.results).toEqual([]);
    const anyTeam = await t.call('POST', '/v1/search', bob, { query: 'blue launch code swordfish', minScore: 0 });
    expect(anyTeam.json.results.map((h: { title: string }) => h.title)).not.toContain('Blue secret plan');
    const list = await t.call('GET', `/v1/documents?teamId=${t.world.blue}`, bob);
    expect(list.json).toEqual([]);
    // Uploading into a team one is not in is refused, and says nothing of whether the text is already there.
    const into = await t.call('POST', '/v1/documents', bob, {
      teamId: t.world.blue,
      title: 'x',
      text: 'The blue launch code is swordfish.',
    });
    const fresh = await t.call('POST', '/v1/documents', bob, { teamId: t.world.blue, title: 'x', text: 'never seen' });
    expect([into.status, fresh.status]).toEqual([403, 403]);
    expect(into.json).toEqual(fresh.json);
    expect((await t.call('GET', `/v1/documents/${blueDoc}`, t.world.cy.token)).status).toBe(200);
  });

  it('SQL injection in every parameter is data or a 400, never SQL', async () => {
    const before = await tablesIntact();
    const uploaded: string[] = [];
    const bob = t.world.bob.token;
    for (const evil of INJECTIONS) {
      const s = await t.call('POST', '/v1/search', bob, { query: evil, minScore: 0 });
      expect(s.status).toBe(200);
      expect(s.json.results.map((h: { teamId: string }) => h.teamId)).not.toContain(t.world.blue);
      const up = await t.call('POST', '/v1/documents', bob, { teamId: t.world.red, title: evil, text: `body ${evil}` });
      expect(up.status).toBe(202);
      expect(up.json.document.title).toBe(evil.trim());
      uploaded.push(up.json.document.id as string);
      const rejected = [
        await t.call('POST', '/v1/documents', bob, { teamId: evil, title: 't', text: 'x' }),
        await t.call('POST', '/v1/documents', bob, { teamId: t.world.red, title: 't', text: 'x', sourceUrl: evil }),
        await t.call('POST', '/v1/documents', bob, { teamId: t.world.red, title: 't', text: 'x', lang: evil }),
        await t.call('POST', '/v1/documents', bob, { teamId: t.world.red, title: 't', text: 'x', scope: evil }),
        await t.call('POST', '/v1/search', bob, { query: 'x', teamId: evil }),
        await t.call('POST', '/v1/search', bob, { query: 'x', documentIds: [evil] }),
        await t.call('POST', '/v1/search', bob, { query: 'x', authorIds: [evil] }),
        await t.call('POST', '/v1/search', bob, { query: 'x', scopes: [evil] }),
        await t.call('POST', '/v1/search', bob, { query: 'x', from: evil }),
        await t.call('GET', `/v1/documents?teamId=${encodeURIComponent(evil)}`, bob),
        await t.call('GET', `/v1/documents?scope=${encodeURIComponent(evil)}`, bob),
        await t.call('GET', `/v1/documents?before=${encodeURIComponent(evil)}`, bob),
        await t.call('GET', `/v1/documents/${encodeURIComponent(evil)}`, bob),
        await t.call('DELETE', `/v1/tokens/${encodeURIComponent(evil)}`, bob),
      ];
      expect(rejected.map((r) => r.status)).toEqual(rejected.map(() => 400));
      expect(rejected.every((r) => r.json.error.code === 'invalid_request')).toBe(true);
    }
    // The tables are all there, nothing was deleted, no token was touched (the new documents get indexed meanwhile).
    const after = await tablesIntact();
    expect(after.docs).toBe(before.docs + INJECTIONS.length);
    expect(after.tokens).toBe(before.tokens);
    expect(after.chunks).toBeGreaterThanOrEqual(before.chunks);
    // Indexed before the next test counts the tables: its chunks must not arrive in the middle of it.
    for (const id of uploaded) await t.waitFor(bob, id);
  });

  it('a caller and settings that carry SQL are quoted as values where the transaction is opened, never run', async () => {
    // withCaller opens the transaction and sets the caller in one simple-protocol round trip (no parameters there):
    // whatever the strings hold, each is one literal.
    const before = await tablesIntact();
    const pool = t.server.ctx.db.pool;
    for (const evil of INJECTIONS) {
      const seen = await withCaller(
        pool,
        { userId: evil },
        async (tx) =>
          (
            await tx.query<{ user_id: string; ef: string; role: string }>(
              `SELECT current_setting('tabwise.user_id') AS user_id, current_setting('hnsw.ef_search') AS ef,
                      current_user AS role`,
            )
          ).rows[0],
        { 'hnsw.ef_search': evil },
      ).catch((error: Error) => error);
      // Either Postgres refused the value as a setting (ef_search is an integer), or the strings arrived verbatim.
      if (seen instanceof Error) expect(seen.message).toMatch(/invalid value for parameter "hnsw\.ef_search"/);
      else expect(seen).toEqual({ user_id: evil, ef: evil, role: 'tabwise_app' });
      const asCaller = await withCaller(
        pool,
        { userId: evil },
        async (tx) => (await tx.query<{ role: string }>('SELECT current_user AS role')).rows[0]!.role,
      );
      expect(asCaller).toBe('tabwise_app');
    }
    // The search's one round trip (executeAsCaller) quotes its arguments as literals: strings and arrays come
    // back verbatim, and a statement name is only a name.
    for (const evil of [...INJECTIONS, 'a"b\\c', '}{', '']) {
      const [echo] = await executeAsCaller<{ s: string; a: string[]; role: string }>(
        pool,
        t.world.bob,
        { name: 'hostile_echo', text: 'SELECT $1::text AS s, $2::text[] AS a, current_user AS role' },
        [evil, [evil, 'x', evil]],
      );
      expect(echo).toEqual({ s: evil, a: [evil, 'x', evil], role: 'tabwise_app' });
    }
    await expect(
      executeAsCaller(pool, t.world.bob, { name: 'x; DROP TABLE tabwise.chunks', text: 'SELECT 1' }, []),
    ).rejects.toThrow(/not a statement name/);
    await expect(
      withCaller(pool, t.world.bob, async () => 1, { "hnsw.ef_search'); --": '1' } as never),
    ).rejects.toThrow(/not a transaction setting/);
    expect(await tablesIntact()).toEqual(before);
  });

  it('the teams a search reads the graphs of choose graphs only, never what is read, and are never SQL', async () => {
    // The teams are spelled in the search's statement (migration 013): forged ones of another team find nothing
    // of it (the policies decide), and ones that are not uuids are refused before any SQL.
    const before = await tablesIntact();
    const pool = t.server.ctx.db.pool;
    const embedder = await t.server.ctx.models.active();
    const query = 'blue launch code swordfish';
    const [vector] = await embedder.embed([query]);
    const s = { query, vector: vector!, model: { id: embedder.modelId, dims: embedder.dims }, limit: 10, minScore: 0 };
    const titles = async (userId: string, teamIds: string[]) => {
      const statement = searchStatement(teamIds, s);
      const rows = await executeAsCaller<{ id: string | null; team_id: string | null; title: string | null }>(
        pool,
        { userId },
        statement,
        statement.args,
        searchSettings(10),
      );
      return rows.filter((r) => r.id !== null).map((r) => [r.team_id, r.title]);
    };
    const forged = await titles(t.world.bob.userId, [t.world.blue, t.world.red]);
    expect(forged.map(([team]) => team)).not.toContain(t.world.blue);
    expect(forged.map(([, title]) => title)).not.toContain('Blue secret plan');
    // Cy, whose team it is, finds it the same way: the forged search was not simply empty.
    expect((await titles(t.world.cy.userId, [t.world.blue])).map(([, title]) => title)).toContain('Blue secret plan');
    for (const evil of [...INJECTIONS, `${t.world.blue}'::uuid OR true --`])
      expect(() => searchStatement([evil], s)).toThrow(/not a team id/);
    expect(await tablesIntact()).toEqual(before);
  });

  it('refuses oversized and malformed uploads with 413 or 400 and writes nothing', async () => {
    const before = await tablesIntact();
    const bob = t.world.bob.token;
    const big = await t.call('POST', '/v1/documents', bob, {
      teamId: t.world.red,
      title: 'big',
      text: 'a'.repeat(70_000),
    });
    expect(big.status).toBe(413);
    expect(big.json.error.code).toBe('payload_too_large');
    const cases: Array<[string, unknown, string?]> = [
      ['not JSON', undefined, '{"title": '],
      ['no text', { teamId: t.world.red, title: 't' }],
      ['both text and passages', { teamId: t.world.red, title: 't', text: 'a', passages: ['b'] }],
      ['empty passages', { teamId: t.world.red, title: 't', passages: [] }],
      ['blank text', { teamId: t.world.red, title: 't', text: '   \n ' }],
      ['blank title', { teamId: t.world.red, title: '  ', text: 'a' }],
      ['NUL in text', { teamId: t.world.red, title: 't', text: 'a\u0000b' }],
      ['control character in title', { teamId: t.world.red, title: 'a\u001bb', text: 'a' }],
      ['title too long', { teamId: t.world.red, title: 't'.repeat(501), text: 'a' }],
      ['team scope without team', { title: 't', text: 'a' }],
      ['platform with a team', { scope: 'platform', teamId: t.world.red, title: 't', text: 'a' }],
      ['javascript: source', { teamId: t.world.red, title: 't', text: 'a', sourceUrl: 'javascript:alert(1)' }],
      ['text not a string', { teamId: t.world.red, title: 't', text: { toString: 1 } }],
      ['too many passages', { teamId: t.world.red, title: 't', passages: Array.from({ length: 1001 }, () => 'p') }],
    ];
    for (const [name, body, raw] of cases) {
      const r = await t.call('POST', '/v1/documents', bob, body, raw);
      expect([name, r.status, r.json?.error?.code]).toEqual([name, 400, 'invalid_request']);
    }
    const after = await tablesIntact();
    expect([after.docs, after.tokens]).toEqual([before.docs, before.tokens]);
  });

  it('a title that looks like a path is only a title: stored as given, never a file name, ids are the server’s', async () => {
    const bob = t.world.bob.token;
    for (const title of ['../../../../etc/passwd', '..\\..\\Windows\\win.ini', '%2e%2e%2f%2e%2e%2fetc', '/dev/null']) {
      const r = await t.call('POST', '/v1/documents', bob, { teamId: t.world.red, title, text: `about ${title}` });
      expect(r.status).toBe(202);
      expect(r.json.document.title).toBe(title);
      expect(r.json.document.id).toMatch(/^[0-9a-f-]{36}$/);
    }
    for (const path of ['/v1/documents/..%2F..%2Fetc%2Fpasswd', '/v1/documents/../../etc/passwd'])
      expect([400, 404]).toContain((await t.call('GET', path, bob)).status);
  });

  it('a platform document needs a platform admin; then every signed-in member reads it', async () => {
    const denied = await t.call('POST', '/v1/documents', t.world.ada.token, {
      scope: 'platform',
      title: 'p',
      text: 'x',
    });
    expect(denied.status).toBe(403);
    const ok = await t.call('POST', '/v1/documents', t.world.pat.token, {
      scope: 'platform',
      title: 'Handbook',
      text: 'Holidays are booked in the handbook portal.',
    });
    expect(ok.status).toBe(202);
    await t.waitFor(t.world.pat.token, ok.json.document.id);
    const seen = await t.call('POST', '/v1/search', t.world.cy.token, { query: 'holidays handbook portal' });
    expect(seen.json.results[0]).toMatchObject({ title: 'Handbook', scope: 'platform', teamId: null });
  });
});
