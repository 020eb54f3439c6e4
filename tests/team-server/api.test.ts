// The team server's API end to end over HTTP: the real test embedding model, the extension's chunker, pg over the
// wire to the embedded Postgres, the pg-boss worker. One server for the file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCaller } from '../../lib/team-server/db/with-caller';
import { startTestServer, loadGlove } from './test-server';

let t: Awaited<ReturnType<typeof startTestServer>>;
let ids: Record<string, string> = {};

const PETS = '# Pets\n\nThe cat sat on the mat. Kittens like to sleep on soft rugs all afternoon.';
const MARKETS = '# Markets\n\nThe stock market crashed on Monday and investors sold their shares.';

beforeAll(async () => {
  t = await startTestServer({}, { embedder: await loadGlove() });
  const { world, call, waitFor } = t;
  const up = async (token: string, body: object) => {
    const r = await call('POST', '/v1/documents', token, body);
    expect(r.status).toBe(202);
    return r.json.document.id as string;
  };
  ids = {
    pets: await up(world.ada.token, {
      teamId: world.red,
      title: 'Pets',
      text: PETS,
      sourceUrl: 'https://wiki.red.test/pets',
    }),
    markets: await up(world.bob.token, { teamId: world.red, title: 'Markets', text: MARKETS }),
    bobNotes: await up(world.bob.token, {
      scope: 'user',
      teamId: world.red,
      title: 'Bob notes',
      passages: ['My kitten hides under the bed.', 'Dividends arrive every quarter.'],
    }),
    blue: await up(world.cy.token, { teamId: world.blue, title: 'Blue cats', text: 'Blue team cat kitten rug notes.' }),
  };
  for (const [k, id] of Object.entries(ids))
    await waitFor(k === 'blue' ? world.cy.token : k === 'pets' ? world.ada.token : world.bob.token, id);
}, 180_000);

afterAll(() => t?.server.close());

describe('team server API', () => {
  it('serves /health and an OpenAPI description made from the validators', async () => {
    const h = await t.call('GET', '/health', t.world.ada.token);
    expect(h.json).toMatchObject({ status: 'ok', database: 'embedded', model: 'glove-sif-100d@fp32' });
    const doc = await t.call('GET', '/openapi.json');
    expect(Object.keys(doc.json.paths).sort()).toEqual([
      '/health',
      '/invitations/redeem',
      '/live',
      '/v1/audit',
      '/v1/audit/export',
      '/v1/auth/config',
      '/v1/auth/oidc/exchange',
      '/v1/auth/oidc/start',
      '/v1/documents',
      '/v1/documents/{id}',
      '/v1/documents/{id}/view-link',
      '/v1/me',
      '/v1/me/providers',
      '/v1/me/usage',
      '/v1/search',
      '/v1/session',
      '/v1/teams/{teamId}/budgets/{userId}',
      '/v1/teams/{teamId}/invitations',
      '/v1/teams/{teamId}/invitations/{id}',
      '/v1/teams/{teamId}/members',
      '/v1/teams/{teamId}/members/{userId}',
      '/v1/teams/{teamId}/provider-mode',
      '/v1/teams/{teamId}/providers',
      '/v1/teams/{teamId}/providers/{id}',
      '/v1/teams/{teamId}/usage',
      '/v1/tokens',
      '/v1/tokens/{id}',
    ]);
    expect(doc.json.components.schemas.Upload.properties.title).toMatchObject({ type: 'string', maxLength: 500 });
  });

  it('indexes an upload with the model stamped on every chunk, one passage never straddling another', async () => {
    const notes = await t.call('GET', `/v1/documents/${ids.bobNotes}`, t.world.bob.token);
    expect(notes.json).toMatchObject({ status: 'indexed', chunkCount: 2, model: 'glove-sif-100d@fp32', attempts: 1 });
    const { rows } = await t.server.ctx.db.pool.query(
      'SELECT passage, model, vector_dims(embedding) AS dims FROM tabwise.chunks WHERE document_id = $1 ORDER BY position',
      [ids.bobNotes],
    );
    expect(rows).toEqual([
      { passage: 0, model: 'glove-sif-100d@fp32', dims: 100 },
      { passage: 1, model: 'glove-sif-100d@fp32', dims: 100 },
    ]);
  });

  it('searches by meaning and by words, with snippets and citations, only within what the caller may read', async () => {
    const r = await t.call('POST', '/v1/search', t.world.dee.token, { query: 'kitten sleeping on a rug' });
    expect(r.status).toBe(200);
    expect(r.json.results.map((h: { title: string }) => h.title)).toEqual(['Blue cats']);
    const red = await t.call('POST', '/v1/search', t.world.ada.token, { query: 'kitten sleeping on a rug' });
    const top = red.json.results[0];
    expect(top).toMatchObject({
      documentId: ids.pets,
      title: 'Pets',
      sourceUrl: 'https://wiki.red.test/pets',
      scope: 'team',
      citation: { documentId: ids.pets, position: 0, passage: 0, headingPath: ['Pets'] },
    });
    expect(top.snippet.text).toContain('Kittens like to sleep');
    // Bob's user-scope notes are not Ada's, though she is his team's admin.
    expect(red.json.results.map((h: { documentId: string }) => h.documentId)).not.toContain(ids.bobNotes);
    const bob = await t.call('POST', '/v1/search', t.world.bob.token, { query: 'kitten', limit: 5 });
    expect(bob.json.results.map((h: { documentId: string }) => h.documentId)).toContain(ids.bobNotes);
  });

  it('filters by scope, document, author and date', async () => {
    const q = (body: object) =>
      t.call('POST', '/v1/search', t.world.bob.token, { query: 'kitten market shares', minScore: 0, ...body });
    const titles = async (body: object) =>
      ((await q(body)).json.results as Array<{ title: string }>).map((h) => h.title).sort();
    expect(await titles({})).toEqual(['Bob notes', 'Bob notes', 'Markets', 'Pets']);
    expect(await titles({ scopes: ['user'] })).toEqual(['Bob notes', 'Bob notes']);
    expect(await titles({ documentIds: [ids.markets] })).toEqual(['Markets']);
    expect(await titles({ authorIds: [t.world.ada.userId] })).toEqual(['Pets']);
    expect(await titles({ from: new Date(Date.now() + 60_000).toISOString() })).toEqual([]);
    expect(await titles({ to: new Date(Date.now() + 60_000).toISOString(), scopes: ['team'] })).toEqual([
      'Markets',
      'Pets',
    ]);
  });

  it('is idempotent by content hash: the same passages again answer the document already there', async () => {
    const again = await t.call('POST', '/v1/documents', t.world.bob.token, {
      teamId: t.world.red,
      title: 'Pets (a copy)',
      text: PETS,
    });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ duplicate: true, document: { id: ids.pets, title: 'Pets' } });
    const { rows } = await t.server.ctx.db.pool.query('SELECT count(*)::int AS n FROM tabwise.documents');
    expect(rows[0].n).toBe(4);
  });

  it('lists a member’s own documents and, for a team admin, every team document', async () => {
    const titles = async (token: string) =>
      ((await t.call('GET', `/v1/documents?teamId=${t.world.red}`, token)).json as Array<{ title: string }>)
        .map((d) => d.title)
        .sort();
    expect(await titles(t.world.bob.token)).toEqual(['Bob notes', 'Markets']);
    expect(await titles(t.world.ada.token)).toEqual(['Markets', 'Pets']);
  });

  it('deletes: a member not the admin’s document; the admin a member’s; chunks go with it', async () => {
    expect((await t.call('DELETE', `/v1/documents/${ids.pets}`, t.world.bob.token)).status).toBe(404);
    expect((await t.call('DELETE', `/v1/documents/${ids.markets}`, t.world.ada.token)).status).toBe(204);
    expect((await t.call('GET', `/v1/documents/${ids.markets}`, t.world.bob.token)).status).toBe(404);
    const { rows } = await t.server.ctx.db.pool.query(
      'SELECT count(*)::int AS n FROM tabwise.chunks WHERE document_id = $1',
      [ids.markets],
    );
    expect(rows[0].n).toBe(0);
  });

  it('traces every search with a hash of the query, never its text, readable by its own caller; /health sums them up', async () => {
    const secret = 'quarterly layoffs plan for the blue team';
    await t.call('POST', '/v1/search', t.world.dee.token, { query: secret });
    // Written off the search's path, in batches: what /health does before it reads.
    await t.server.ctx.traces.flush();
    const { rows } = await t.server.ctx.db.pool.query(
      'SELECT * FROM tabwise.search_traces WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
      [t.world.dee.userId],
    );
    expect(rows[0]).toMatchObject({ model: 'glove-sif-100d@fp32', miss: true });
    expect(rows[0].query_hash).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(rows[0])).not.toMatch(/layoffs/);
    const seenByBob = await withCaller(t.server.ctx.db.pool, t.world.bob, async (tx) =>
      (await tx.query('SELECT DISTINCT user_id FROM search_traces')).rows.map((r) => r.user_id),
    );
    expect(seenByBob).toEqual([t.world.bob.userId]);
    const health = await t.call('GET', '/health', t.world.ada.token);
    expect(health.json.searches.count).toBeGreaterThanOrEqual(5);
    expect(health.json.searches.misses).toBeGreaterThanOrEqual(1);
    expect(health.json.searches.p95Ms).toBeGreaterThan(0);
  });

  it('tells the caller who they are, and issues and revokes their tokens', async () => {
    const me = await t.call('GET', '/v1/me', t.world.ada.token);
    expect(me.json).toMatchObject({ user: { email: 'ada@red.test' }, teams: [{ id: t.world.red, role: 'admin' }] });
    const made = await t.call('POST', '/v1/tokens', t.world.ada.token, { name: 'script' });
    expect(made.status).toBe(201);
    expect((await t.call('GET', '/v1/me', made.json.token)).status).toBe(200);
    expect((await t.call('DELETE', `/v1/tokens/${made.json.id}`, t.world.bob.token)).status).toBe(404);
    expect((await t.call('DELETE', `/v1/tokens/${made.json.id}`, t.world.ada.token)).status).toBe(204);
    const after = await t.call('GET', '/v1/me', made.json.token);
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toBe('Bearer');
  });
});
