// The document view a citation opens: a five-minute link a member asks for a document they may read, served as
// escaped HTML under a CSP that loads and runs nothing. Over HTTP to a real server on the embedded Postgres.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCaller, withOwner } from '../../lib/team-server/db/with-caller';
import { addMember, createUser, issueAccessToken } from '../../lib/team-server/people/operator-tasks';
import { fakeEmbedder, startTestServer } from './test-server';

let t: Awaited<ReturnType<typeof startTestServer>>;
let docId = '';

const HOSTILE = 'Note <img src=x onerror="fetch(\'//evil.test\')"><script>document.title="pwned"</script> ends.';
const PASSAGES = [
  'Quarterly planning happens in the first week of each quarter.',
  `The deployment checklist: freeze the branch, run the migrations, then watch the dashboards. ${HOSTILE}`,
  'Holidays are booked in the shared calendar.',
];

/** Opens a link as a browser tab would: no bearer token. */
const open = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, headers: res.headers, body: await res.text() };
};

const viewLink = (token: string, id: string, body: object = {}) =>
  t.call('POST', `/v1/documents/${id}/view-link`, token, body);

beforeAll(async () => {
  t = await startTestServer({}, { embedder: fakeEmbedder() });
  const up = await t.call('POST', '/v1/documents', t.world.ada.token, {
    teamId: t.world.red,
    title: 'Runbook <b>bold</b>',
    passages: PASSAGES,
  });
  expect(up.status).toBe(202);
  docId = up.json.document.id;
  await t.waitFor(t.world.ada.token, docId);
}, 120_000);

afterAll(() => t?.server.close());

describe('document view', () => {
  it('a member opens a cited passage: escaped, marked, scrolled to, under a CSP that runs nothing', async () => {
    const hits = await t.call('POST', '/v1/search', t.world.bob.token, { query: 'deployment checklist migrations' });
    const hit = hits.json.results.find((h: { documentId: string }) => h.documentId === docId);
    expect(hit.citation.passage).toBe(1);
    const link = await viewLink(t.world.bob.token, docId, {
      passage: hit.citation.passage,
      position: hit.citation.position,
    });
    expect(link.status).toBe(201);
    expect(link.json.url).toBe(`${t.server.url}/v1/view/${link.json.token}#cited`);
    expect(link.json.token).toMatch(/^twv_[A-Za-z0-9_-]{43}$/);
    const lifetime = Date.parse(link.json.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(240_000);
    expect(lifetime).toBeLessThanOrEqual(300_000);

    const page = await open(link.json.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; /);
    expect(csp).toContain('sandbox');
    expect(csp).not.toMatch(/script-src|unsafe-inline|unsafe-eval/);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    // The document's markup is text: no tag of it survives, in the title or the passages.
    expect(page.body).not.toMatch(/<img|<script|<b>|onerror="/);
    expect(page.body).toContain('<title>Runbook &lt;b&gt;bold&lt;/b&gt;</title>');
    expect(page.body).toContain('&lt;img src=x onerror=&quot;fetch(&#39;//evil.test&#39;)&quot;&gt;');
    // The cited passage alone is the fragment's target, and the cited chunk is marked in it.
    const cited = /<section id="cited"[^>]*>([\s\S]*?)<\/section>/.exec(page.body)?.[1] ?? '';
    expect(cited).toContain('<mark>');
    expect(cited).toContain('The deployment checklist: freeze the branch');
    expect(page.body.match(/id="cited"/g)).toHaveLength(1);
    expect(page.body).toContain('<section>Quarterly planning happens');
  });

  it('a link for a whole document has no cited passage and no fragment', async () => {
    const link = await viewLink(t.world.ada.token, docId);
    expect(link.status).toBe(201);
    expect(link.json.url).not.toContain('#');
    // A view link's token opens the page only: as a bearer token it signs nobody in.
    expect((await t.call('GET', '/v1/me', link.json.token)).status).toBe(401);
    const page = await open(link.json.url);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('id="cited"');
    expect(page.body).toContain('Holidays are booked');
  });

  it('another team’s member gets no link; an unknown id is the same 404; bad input is a 400', async () => {
    const other = await viewLink(t.world.dee.token, docId, { passage: 1 });
    expect(other.status).toBe(404);
    expect(other.json.error.code).toBe('not_found');
    expect((await viewLink(t.world.dee.token, '0b6c5e52-6f1f-4a1b-9a38-2f7c9a9d2f10')).status).toBe(404);
    expect((await viewLink(t.world.bob.token, docId, { passage: -1 })).status).toBe(400);
    expect((await viewLink(t.world.bob.token, "1' OR '1'='1")).status).toBe(400);
    expect((await t.call('POST', `/v1/documents/${docId}/view-link`, undefined, {})).status).toBe(401);
    const { rows } = await t.server.ctx.db.pool.query(
      'SELECT count(*)::int AS n FROM tabwise.document_views WHERE user_id = $1',
      [t.world.dee.userId],
    );
    expect(rows[0].n).toBe(0);
  });

  it('forged, malformed, bearer-shaped and expired tokens are 404 with the same headers', async () => {
    const forged = `twv_${randomBytes(32).toString('base64url')}`;
    for (const token of [forged, 'twv_short', t.world.bob.token, '..%2F..%2Fetc%2Fpasswd', "x' OR 1=1 --"]) {
      const page = await open(`${t.server.url}/v1/view/${token}`);
      expect(page.status, token).toBe(404);
      expect(page.body).not.toContain('deployment');
      expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
    }
    const link = await viewLink(t.world.bob.token, docId, { passage: 0 });
    expect((await open(link.json.url)).status).toBe(200);
    await t.server.ctx.db.pool.query(
      `UPDATE tabwise.document_views SET created_at = now() - interval '10 minutes',
              expires_at = now() - interval '5 minutes' WHERE user_id = $1`,
      [t.world.bob.userId],
    );
    expect((await open(link.json.url)).status).toBe(404);
    // Links that ended over an hour ago are dropped when their maker asks for a new one.
    await t.server.ctx.db.pool.query(
      `UPDATE tabwise.document_views SET created_at = now() - interval '125 minutes',
              expires_at = now() - interval '121 minutes' WHERE user_id = $1`,
      [t.world.bob.userId],
    );
    await viewLink(t.world.bob.token, docId, { passage: 0 });
    const left = await t.server.ctx.db.pool.query(
      'SELECT count(*)::int AS n FROM tabwise.document_views WHERE user_id = $1',
      [t.world.bob.userId],
    );
    expect(left.rows[0].n).toBe(1);
  });

  it('a link stops opening once its maker may no longer read the document', async () => {
    const eve = await withOwner(t.server.ctx.db.pool, async (tx) => {
      const userId = await createUser(tx, { email: 'eve@red.test' });
      await addMember(tx, t.world.red, userId, 'member');
      return { userId, token: (await issueAccessToken(tx, userId, 'test')).token };
    });
    const link = await viewLink(eve.token, docId, { passage: 2 });
    expect((await open(link.json.url)).status).toBe(200);
    await withOwner(t.server.ctx.db.pool, (tx) => tx.query('DELETE FROM members WHERE user_id = $1', [eve.userId]));
    expect((await open(link.json.url)).status).toBe(404);
  });

  it('row-level security: links are their maker’s alone, and none is made for a document one cannot read', async () => {
    await viewLink(t.world.bob.token, docId, { passage: 0 });
    const seenByDee = await withCaller(
      t.server.ctx.db.pool,
      t.world.dee,
      async (tx) => (await tx.query('SELECT * FROM document_views')).rows,
    );
    expect(seenByDee).toEqual([]);
    const seenByAda = await withCaller(
      t.server.ctx.db.pool,
      t.world.ada,
      async (tx) => (await tx.query<{ user_id: string }>('SELECT user_id FROM document_views')).rows,
    );
    expect(seenByAda.every((r) => r.user_id === t.world.ada.userId)).toBe(true);
    const insert = (as: { userId: string }, userId: string) =>
      withCaller(t.server.ctx.db.pool, as, (tx) =>
        tx.query(`INSERT INTO document_views (token_hash, user_id, document_id) VALUES ($1, $2, $3)`, [
          randomBytes(32),
          userId,
          docId,
        ]),
      );
    await expect(insert(t.world.dee, t.world.dee.userId)).rejects.toThrow(/row-level security/);
    await expect(insert(t.world.bob, t.world.ada.userId)).rejects.toThrow(/row-level security/);
    await expect(
      withCaller(t.server.ctx.db.pool, t.world.bob, (tx) =>
        tx.query(
          `INSERT INTO document_views (token_hash, user_id, document_id, expires_at)
           VALUES ($1, $2, $3, now() + interval '1 day')`,
          [randomBytes(32), t.world.bob.userId, docId],
        ),
      ),
    ).rejects.toThrow(/check constraint/);
  });
});
