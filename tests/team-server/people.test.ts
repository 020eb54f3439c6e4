// Roles and people over the wire: admins invite (single use, expiring, hashed) and remove members, see /health,
// delete any team document; members see and delete their own; removal revokes tokens at once; members forging
// admin actions are refused by the API and, underneath, by row-level security. Per-user rate limits, on the same
// server (one embedded Postgres for the file keeps the project's time small).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashAccessToken } from '../../lib/team-server/auth/access-token';
import { withCaller } from '../../lib/team-server/db/with-caller';
import { fakeEmbedder, startTestServer } from './test-server';

let t: Awaited<ReturnType<typeof startTestServer>>;
let embedCalls = 0;

beforeAll(async () => {
  const inner = fakeEmbedder();
  const embedder = { ...inner, embed: (texts: string[]) => ((embedCalls += 1), inner.embed(texts)) };
  t = await startTestServer({ TEAM_SERVER_SEARCH_RATE: '5', TEAM_SERVER_UPLOAD_RATE: '6' }, { embedder });
}, 180_000);

afterAll(() => t?.server.close());

const invite = (token: string, teamId: string, body: object) =>
  t.call('POST', `/v1/teams/${teamId}/invitations`, token, body);

describe('roles and people', () => {
  it('an admin invites; the invitation is stored hashed, redeemed once by a new person who gets a first token', async () => {
    const { ada, bob } = t.world;
    const made = await invite(ada.token, t.world.red, { email: 'Eve@Red.test' });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ email: 'eve@red.test', role: 'member', teamId: t.world.red });
    expect(made.json.token).toMatch(/^twi_[A-Za-z0-9_-]{43}$/);
    const stored = await t.server.ctx.db.pool.query('SELECT token_hash FROM tabwise.invitations WHERE id = $1', [
      made.json.id,
    ]);
    expect(Buffer.compare(stored.rows[0].token_hash, hashAccessToken(made.json.token))).toBe(0);
    expect(JSON.stringify(stored.rows)).not.toContain(made.json.token.slice(4));
    // Pending invitations are the admins' to see, not a member's.
    expect((await t.call('GET', `/v1/teams/${t.world.red}/invitations`, ada.token)).json).toHaveLength(1);
    expect((await t.call('GET', `/v1/teams/${t.world.red}/invitations`, bob.token)).status).toBe(403);

    const redeemed = await t.call('POST', '/invitations/redeem', undefined, {
      token: made.json.token,
      displayName: 'Eve',
    });
    expect(redeemed.status).toBe(200);
    expect(redeemed.json).toMatchObject({ teamId: t.world.red, role: 'member' });
    const me = await t.call('GET', '/v1/me', redeemed.json.token);
    expect(me.json.user).toMatchObject({ email: 'eve@red.test', displayName: 'Eve' });
    expect(me.json.teams).toEqual([{ id: t.world.red, name: 'Red', role: 'member' }]);
    // Single use.
    const again = await t.call('POST', '/invitations/redeem', undefined, { token: made.json.token });
    expect(again.status).toBe(404);
    expect((await t.call('GET', `/v1/teams/${t.world.red}/invitations`, ada.token)).json).toHaveLength(0);
  });

  it('refuses an expired, revoked, unknown or malformed invitation, and one addressed to someone else', async () => {
    const { ada, dee } = t.world;
    const old = await invite(ada.token, t.world.red, { email: 'late@red.test' });
    await t.server.ctx.db.pool.query(
      `UPDATE tabwise.invitations SET created_at = now() - interval '2 days', expires_at = now() - interval '1 day' WHERE id = $1`,
      [old.json.id],
    );
    expect((await t.call('POST', '/invitations/redeem', undefined, { token: old.json.token })).status).toBe(404);
    const revoked = await invite(ada.token, t.world.red, { email: 'nope@red.test' });
    expect((await t.call('DELETE', `/v1/teams/${t.world.red}/invitations/${revoked.json.id}`, ada.token)).status).toBe(
      204,
    );
    expect((await t.call('POST', '/invitations/redeem', undefined, { token: revoked.json.token })).status).toBe(404);
    const unknown = 'twi_' + 'A'.repeat(43);
    expect((await t.call('POST', '/invitations/redeem', undefined, { token: unknown })).status).toBe(404);
    expect((await t.call('POST', '/invitations/redeem', undefined, { token: "twi_' OR 1=1 --" })).status).toBe(400);
    // Dee exists: an invitation for her cannot be redeemed without her token (a leaked link signs nobody in as
    // her), nor with someone else's; with hers it adds her to Red and issues no new token.
    const forDee = await invite(ada.token, t.world.red, { email: 'dee@blue.test', role: 'member' });
    expect((await t.call('POST', '/invitations/redeem', undefined, { token: forDee.json.token })).status).toBe(403);
    expect((await t.call('POST', '/invitations/redeem', t.world.bob.token, { token: forDee.json.token })).status).toBe(
      403,
    );
    const ok = await t.call('POST', '/invitations/redeem', dee.token, { token: forDee.json.token });
    expect(ok.status).toBe(200);
    expect(ok.json.token).toBeUndefined();
    const me = await t.call('GET', '/v1/me', dee.token);
    expect(me.json.teams.map((x: { name: string }) => x.name)).toEqual(['Blue', 'Red']);
  });

  it('the health view is for admins: a member gets 403, no token 401', async () => {
    expect((await t.call('GET', '/health')).status).toBe(401);
    expect((await t.call('GET', '/health', t.world.bob.token)).status).toBe(403);
    expect((await t.call('GET', '/health', t.world.ada.token)).status).toBe(200);
    expect((await t.call('GET', '/health', t.world.pat.token)).status).toBe(200);
    expect((await t.call('GET', '/live')).json).toEqual({ status: 'ok' });
  });

  it('a member sees and deletes their own documents; an admin sees and deletes any of the team', async () => {
    const { ada, bob } = t.world;
    const up = (token: string, title: string) =>
      t.call('POST', '/v1/documents', token, { teamId: t.world.red, title, text: `${title} body text` });
    const adas = (await up(ada.token, 'Ada roadmap')).json.document.id;
    const bobs = (await up(bob.token, 'Bob draft')).json.document.id;
    const bobs2 = (await up(bob.token, 'Bob second draft')).json.document.id;
    const listed = (token: string) =>
      t.call('GET', `/v1/documents?teamId=${t.world.red}`, token).then((r) => r.json.map((d: { id: string }) => d.id));
    expect(await listed(bob.token)).toEqual(expect.arrayContaining([bobs, bobs2]));
    expect(await listed(bob.token)).not.toContain(adas);
    expect(await listed(ada.token)).toEqual(expect.arrayContaining([adas, bobs, bobs2]));
    // Bob forges the admin's delete: nothing happens (the policy sees no row it may delete).
    expect((await t.call('DELETE', `/v1/documents/${adas}`, bob.token)).status).toBe(404);
    expect((await t.call('GET', `/v1/documents/${adas}`, ada.token)).status).toBe(200);
    expect((await t.call('DELETE', `/v1/documents/${bobs}`, bob.token)).status).toBe(204);
    expect((await t.call('DELETE', `/v1/documents/${bobs2}`, ada.token)).status).toBe(204);
    expect((await t.call('DELETE', `/v1/documents/${adas}`, ada.token)).status).toBe(204);
  });

  it('a member forging admin actions is refused by the API and by row-level security underneath', async () => {
    const { bob, ada, cy } = t.world;
    const red = t.world.red;
    expect((await invite(bob.token, red, { email: 'friend@evil.test', role: 'admin' })).status).toBe(403);
    expect((await t.call('PATCH', `/v1/teams/${red}/members/${bob.userId}`, bob.token, { role: 'admin' })).status).toBe(
      403,
    );
    expect((await t.call('DELETE', `/v1/teams/${red}/members/${ada.userId}`, bob.token)).status).toBe(403);
    // An admin of another team is nobody here.
    expect((await t.call('DELETE', `/v1/teams/${red}/members/${bob.userId}`, cy.token)).status).toBe(403);
    expect((await t.call('GET', `/v1/teams/${red}/members`, cy.token)).status).toBe(404);
    // The same forgeries as bare SQL as Bob: the policies change nothing.
    const pool = t.server.ctx.db.pool;
    await withCaller(pool, bob, async (tx) => {
      expect((await tx.query(`UPDATE members SET role = 'admin' WHERE user_id = $1`, [bob.userId])).rowCount).toBe(0);
      expect((await tx.query(`DELETE FROM members WHERE team_id = $1`, [red])).rowCount).toBe(0);
      expect((await tx.query(`SELECT * FROM invitations`)).rows).toEqual([]);
      expect(
        (await tx.query(`UPDATE access_tokens SET revoked_at = now() WHERE user_id <> $1`, [bob.userId])).rowCount,
      ).toBe(0);
    });
    await expect(
      withCaller(pool, bob, (tx) =>
        tx.query(
          `INSERT INTO invitations (team_id, email, role, token_hash, invited_by, expires_at)
           VALUES ($1, 'x@evil.test', 'admin', $2, $3, now() + interval '1 day')`,
          [red, hashAccessToken('twi_' + 'B'.repeat(43)), bob.userId],
        ),
      ),
    ).rejects.toMatchObject({ code: '42501' });
    await expect(
      withCaller(pool, bob, (tx) =>
        tx.query(`INSERT INTO members (team_id, user_id, role) VALUES ($1, $2, 'admin')`, [t.world.blue, bob.userId]),
      ),
    ).rejects.toMatchObject({ code: '42501' });
    const members = await t.call('GET', `/v1/teams/${red}/members`, bob.token);
    expect(members.json.find((m: { userId: string }) => m.userId === bob.userId).role).toBe('member');
  });

  it('removing a member ends their access at once and, from their last team, revokes their tokens', async () => {
    const { ada } = t.world;
    const red = t.world.red;
    const made = await invite(ada.token, red, { email: 'temp@red.test' });
    const temp = (await t.call('POST', '/invitations/redeem', undefined, { token: made.json.token })).json;
    expect((await t.call('GET', '/v1/me', temp.token)).status).toBe(200);
    const doc = await t.call('POST', '/v1/documents', ada.token, {
      teamId: red,
      title: 'Red only',
      text: 'red eyes only',
    });
    expect((await t.call('GET', `/v1/documents/${doc.json.document.id}`, temp.token)).status).toBe(200);
    expect((await t.call('DELETE', `/v1/teams/${red}/members/${temp.userId}`, ada.token)).status).toBe(204);
    expect((await t.call('GET', '/v1/me', temp.token)).status).toBe(401);
    expect((await t.call('GET', `/v1/documents/${doc.json.document.id}`, temp.token)).status).toBe(401);
    // Dee, in Blue and Red: removed from Red she keeps her tokens but reads nothing of Red's from this moment.
    const dee = t.world.dee;
    expect((await t.call('DELETE', `/v1/teams/${red}/members/${dee.userId}`, ada.token)).status).toBe(204);
    expect((await t.call('GET', '/v1/me', dee.token)).json.teams.map((x: { name: string }) => x.name)).toEqual([
      'Blue',
    ]);
    expect((await t.call('GET', `/v1/documents/${doc.json.document.id}`, dee.token)).status).toBe(404);
  });

  it('a team keeps an admin, and an admin changes roles', async () => {
    const { ada, bob } = t.world;
    const red = t.world.red;
    expect((await t.call('DELETE', `/v1/teams/${red}/members/${ada.userId}`, ada.token)).status).toBe(409);
    expect(
      (await t.call('PATCH', `/v1/teams/${red}/members/${ada.userId}`, ada.token, { role: 'member' })).status,
    ).toBe(409);
    expect((await t.call('PATCH', `/v1/teams/${red}/members/${bob.userId}`, ada.token, { role: 'admin' })).status).toBe(
      204,
    );
    expect((await t.call('GET', '/health', bob.token)).status).toBe(200);
    expect(
      (await t.call('PATCH', `/v1/teams/${red}/members/${bob.userId}`, ada.token, { role: 'member' })).status,
    ).toBe(204);
    expect((await t.call('GET', '/health', bob.token)).status).toBe(403);
    expect((await t.call('PATCH', `/v1/teams/${red}/members/${bob.userId}`, ada.token, { role: 'owner' })).status).toBe(
      400,
    );
  });
});

describe('per-user rate limits', () => {
  it('a flood of searches from one member gets 429 with Retry-After, spends no embedding, and slows no one else', async () => {
    const { bob, dee } = t.world;
    const search = (token: string, query: string) => t.call('POST', '/v1/search', token, { query });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await search(bob.token, `flood ${i}`)).status);
    expect(answers).toEqual([200, 200, 200, 200, 200]);
    const before = embedCalls;
    const refused = await Promise.all(Array.from({ length: 6 }, (_, i) => search(bob.token, `flood more ${i}`)));
    expect(refused.map((r) => r.status)).toEqual([429, 429, 429, 429, 429, 429]);
    expect(refused[0]!.json.error.code).toBe('rate_limited');
    // 5 a minute: one back every 12 s.
    const wait = Number(refused[0]!.headers.get('retry-after'));
    expect(Number.isInteger(wait) && wait >= 1 && wait <= 12).toBe(true);
    expect(embedCalls).toBe(before);
    // Dee has her own budget; Bob's uploads have theirs.
    expect((await search(dee.token, 'kitten')).status).toBe(200);
    const upload = await t.call('POST', '/v1/documents', bob.token, {
      teamId: t.world.red,
      title: 'Still',
      text: 'ok',
    });
    expect(upload.status).toBe(202);
  });

  it('a search spends one token of its bucket, taken with its token; a token that resolves to no one takes nothing', async () => {
    const { pat } = t.world;
    const tokens = async () =>
      (
        await t.server.ctx.db.pool.query<{ tokens: number }>(
          `SELECT tokens FROM tabwise.rate_buckets WHERE user_id = $1 AND bucket = 'search'`,
          [pat.userId],
        )
      ).rows[0]?.tokens ?? 5;
    const before = await tokens();
    expect((await t.call('POST', '/v1/search', pat.token, { query: 'one' })).status).toBe(200);
    expect((await t.call('POST', '/v1/search', pat.token, { query: 'two' })).status).toBe(200);
    const spent = before - (await tokens());
    // Two searches, two tokens (less what refilled meanwhile: 5 a minute).
    expect(spent).toBeGreaterThan(1.8);
    expect(spent).toBeLessThanOrEqual(2);
    const refused = await t.call('POST', '/v1/search', `${pat.token.slice(0, -4)}AAAA`, { query: 'three' });
    expect(refused.status).toBe(401);
    expect(before - (await tokens())).toBeLessThanOrEqual(2);
  });

  it('uploads are limited on their own, per member, in the database every instance shares', async () => {
    const { cy } = t.world;
    const up = (i: number) =>
      t.call('POST', '/v1/documents', cy.token, { teamId: t.world.blue, title: `Blue ${i}`, text: `blue note ${i}` });
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await up(i)).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 429]);
    // Refused before anything is written; Cy's searches are still allowed.
    const { rows } = await t.server.ctx.db.pool.query(
      `SELECT count(*)::int AS n FROM tabwise.documents WHERE title = 'Blue 6'`,
    );
    expect(rows[0].n).toBe(0);
    expect((await t.call('POST', '/v1/search', cy.token, { query: 'blue' })).status).toBe(200);
    const bucket = await t.server.ctx.db.pool.query(
      `SELECT bucket, tokens FROM tabwise.rate_buckets WHERE user_id = $1 ORDER BY bucket`,
      [cy.userId],
    );
    expect(bucket.rows.map((r) => r.bucket)).toEqual(['search', 'upload']);
    expect(bucket.rows[1].tokens).toBeLessThan(1);
  });
});
