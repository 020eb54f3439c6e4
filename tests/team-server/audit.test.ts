// The audit table over the wire (issue 27, "Activity"): a member's batch is stored once by each line's id and
// acknowledged; members read only their own lines, admins their team's, nobody updates or deletes one (retention
// alone drops them); admins export a range as JSON or formula-safe CSV, members cannot; oversized and malformed
// batches are refused whole.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLine } from '../../lib/agent/audit-line';
import { pruneAuditLines } from '../../lib/team-server/audit/audit-lines';
import { withCaller } from '../../lib/team-server/db/with-caller';
import { fakeEmbedder, startTestServer } from './test-server';

let t: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  t = await startTestServer({}, { embedder: fakeEmbedder() });
}, 180_000);

afterAll(() => t?.server.close());

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.parse('2026-11-20T10:00:00Z');

const line = (id: string, over: Partial<AuditLine> = {}): AuditLine => ({
  id,
  at: T0,
  kind: 'fill',
  toolName: 'fill_form',
  site: 'https://shop.example',
  conversationId: 'conv-1',
  runId: 'run-1',
  approval: 'card',
  outcome: 'done',
  ...over,
});

/**
 * Posts `body` with node:http, answering the status and body the server sent: it may answer a body over its
 * limit before reading it all and close the socket, which fetch reports as a failure of the request.
 */
const postRaw = (token: string, body: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      `${t.server.url}/v1/audit`,
      { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', (e) => setTimeout(() => reject(e), 2000));
    req.end(body);
  });

const send = (token: string, teamId: string, lines: unknown[]) => t.call('POST', '/v1/audit', token, { teamId, lines });
const stored = async () =>
  (await t.server.ctx.db.pool.query<{ user_id: string; id: string }>('SELECT user_id, id FROM tabwise.audit_lines'))
    .rows;
const idsSeenBy = (userId: string) =>
  withCaller(t.server.ctx.db.pool, { userId }, async (tx) =>
    // No filter on purpose: row-level security decides.
    (await tx.query<{ id: string }>('SELECT id FROM audit_lines ORDER BY id')).rows.map((r) => r.id),
  );

describe('POST /v1/audit', () => {
  it('stores a batch once by line id and acknowledges every id, also when it is sent again', async () => {
    const { bob, red } = { ...t.world, red: t.world.red };
    const batch = [line('bob:1'), line('bob:2', { kind: 'click', toolName: 'click' })];
    const first = await send(bob.token, red, batch);
    expect(first.status).toBe(200);
    expect(first.json.acked).toEqual(['bob:1', 'bob:2']);
    // The same lines again (an ack lost on the way), one new, and a duplicate inside the batch.
    const again = await send(bob.token, red, [...batch, line('bob:3'), line('bob:3')]);
    expect(again.status).toBe(200);
    expect(again.json.acked).toEqual(['bob:1', 'bob:2', 'bob:3']);
    const mine = (await stored()).filter((r) => r.user_id === bob.userId).map((r) => r.id);
    expect(mine.sort()).toEqual(['bob:1', 'bob:2', 'bob:3']);
  });

  it("one member's ids never shadow another's: the same id from two people is two lines", async () => {
    const { ada, red } = t.world;
    expect((await send(ada.token, red, [line('bob:1'), line('ada:1', { at: T0 + 1000 })])).status).toBe(200);
    const rows = (await stored()).filter((r) => r.id === 'bob:1');
    expect(rows.map((r) => r.user_id).sort()).toEqual([t.world.ada.userId, t.world.bob.userId].sort());
  });

  it('refuses, whole, a batch into a team the sender is not in, malformed or page-text-carrying lines, too many lines, too large a body', async () => {
    const { bob, blue, red } = t.world;
    const before = (await stored()).length;
    expect((await send(bob.token, blue, [line('x:1')])).status).toBe(403);
    expect((await t.call('POST', '/v1/audit', undefined, { teamId: red, lines: [line('x:2')] })).status).toBe(401);
    // A field the wire shape does not have (page text) is refused, not silently kept or dropped.
    const withText = await send(bob.token, red, [{ ...line('x:3'), target: 'button "Pay £2,000"' }]);
    expect(withText.status).toBe(400);
    expect(withText.json.error.code).toBe('invalid_request');
    expect(JSON.stringify(withText.json)).not.toContain('Pay');
    expect((await send(bob.token, red, [line('x:4', { kind: 'steal' as 'fill' })])).status).toBe(400);
    expect((await send(bob.token, red, [line('x:5', { at: -1 })])).status).toBe(400);
    expect((await send(bob.token, red, [line(''.padEnd(501, 'x'))])).status).toBe(400);
    expect((await send(bob.token, red, [])).status).toBe(400);
    expect(
      (
        await send(
          bob.token,
          red,
          Array.from({ length: 201 }, (_, i) => line(`many:${i}`)),
        )
      ).status,
    ).toBe(400);
    const huge = await postRaw(bob.token, `{"teamId":"${red}","lines":["${'x'.repeat(600_000)}"]}`);
    expect(huge.status).toBe(413);
    expect(huge.body).toContain('payload_too_large');
    expect((await t.call('POST', '/v1/audit', bob.token, undefined, '{"teamId":')).status).toBe(400);
    expect((await stored()).length).toBe(before);
  });
});

describe('audit_lines under row-level security', () => {
  beforeAll(async () => {
    await send(t.world.dee.token, t.world.blue, [line('dee:1')]);
    await send(t.world.cy.token, t.world.blue, [line('cy:1')]);
  });

  it('a member reads only their own lines; an admin reads their team’s and no other team’s', async () => {
    expect(await idsSeenBy(t.world.bob.userId)).toEqual(['bob:1', 'bob:2', 'bob:3']);
    expect(await idsSeenBy(t.world.dee.userId)).toEqual(['dee:1']);
    expect(await idsSeenBy(t.world.ada.userId)).toEqual(['ada:1', 'bob:1', 'bob:1', 'bob:2', 'bob:3']);
    expect(await idsSeenBy(t.world.cy.userId)).toEqual(['cy:1', 'dee:1']);
    // A platform admin in no team reads none.
    expect(await idsSeenBy(t.world.pat.userId)).toEqual([]);
  });

  it('a member cannot insert a line as someone else or into another team', async () => {
    const pool = t.server.ctx.db.pool;
    const insert = (userId: string, asUser: string, team: string) =>
      withCaller(pool, { userId }, (tx) =>
        tx.query(
          `INSERT INTO audit_lines (user_id, team_id, id, at, kind, tool_name, site, conversation_id, run_id, approval, outcome)
           VALUES ($1, $2, 'forged', now(), 'fill', 'fill_form', '', '', '', 'card', 'done')`,
          [asUser, team],
        ),
      );
    await expect(insert(t.world.bob.userId, t.world.ada.userId, t.world.red)).rejects.toMatchObject({ code: '42501' });
    await expect(insert(t.world.bob.userId, t.world.bob.userId, t.world.blue)).rejects.toMatchObject({ code: '42501' });
  });

  it('nobody updates or deletes a line, admins included; the retention function is not theirs to call', async () => {
    const pool = t.server.ctx.db.pool;
    for (const who of [t.world.bob, t.world.ada]) {
      await expect(
        withCaller(pool, { userId: who.userId }, (tx) => tx.query(`UPDATE audit_lines SET outcome = 'denied'`)),
      ).rejects.toMatchObject({ code: '42501' });
      await expect(
        withCaller(pool, { userId: who.userId }, (tx) => tx.query(`DELETE FROM audit_lines`)),
      ).rejects.toMatchObject({ code: '42501' });
      await expect(
        withCaller(pool, { userId: who.userId }, (tx) => tx.query(`SELECT tabwise.prune_audit_lines(0)`)),
      ).rejects.toMatchObject({ code: '42501' });
    }
    expect((await idsSeenBy(t.world.bob.userId)).length).toBe(3);
  });

  it('retention drops lines older than the days kept, and only those', async () => {
    const old = line('bob:old', { at: Date.now() - 91 * DAY });
    const recent = line('bob:recent', { at: Date.now() - 89 * DAY });
    expect((await send(t.world.bob.token, t.world.red, [old, recent])).status).toBe(200);
    expect(await pruneAuditLines(t.server.ctx.db.pool, 90)).toBe(1);
    const ids = await idsSeenBy(t.world.bob.userId);
    expect(ids).toContain('bob:recent');
    expect(ids).not.toContain('bob:old');
  });
});

describe('GET /v1/audit/export', () => {
  const q = (params: Record<string, string>) => `/v1/audit/export?${new URLSearchParams(params)}`;

  it("an admin exports their team's lines for a range as JSON, with who sent each, oldest first", async () => {
    await send(t.world.bob.token, t.world.red, [line('bob:late', { at: T0 + 5 * DAY })]);
    const r = await t.call('GET', q({ from: '2026-11-20', to: '2026-11-21' }), t.world.ada.token);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ format: 'tabwise-audit', version: 1, from: '2026-11-20T00:00:00.000Z' });
    const got = r.json.lines.map((l: { id: string; userEmail: string }) => `${l.userEmail} ${l.id}`);
    expect(got.sort()).toEqual(
      [
        'ada@red.test ada:1',
        'ada@red.test bob:1',
        'bob@red.test bob:1',
        'bob@red.test bob:2',
        'bob@red.test bob:3',
      ].sort(),
    );
    expect(r.json.lines.every((l: { teamId: string }) => l.teamId === t.world.red)).toBe(true);
    expect(r.json.lines[0]).toMatchObject({ at: T0, site: 'https://shop.example', approval: 'card', outcome: 'done' });
    // The later line is outside the range; the blue team's are not red's.
    expect(JSON.stringify(r.json)).not.toContain('bob:late');
    expect(JSON.stringify(r.json)).not.toContain('dee:1');
  });

  it('exports CSV with every cell safe from formulas', async () => {
    const hostile = line('bob:=1+1', {
      at: T0 + 3600_000,
      site: '=HYPERLINK("https://evil.example","x")',
      toolName: '@SUM(A1)',
      conversationId: '+cmd|calc',
      runId: '-2+3',
    });
    await send(t.world.bob.token, t.world.red, [hostile, line('bob:tab', { at: T0 + 7200_000, site: '\tx' })]);
    const res = await fetch(`${t.server.url}${q({ from: '2026-11-20', to: '2026-11-21', format: 'csv' })}`, {
      headers: { authorization: `Bearer ${t.world.ada.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await res.text();
    const rows = text.trimEnd().split('\r\n');
    expect(rows[0]).toBe(
      'time,user_email,user_id,team_id,site,conversation_id,run_id,kind,tool,approval,outcome,id,received_at',
    );
    expect(rows).toHaveLength(8);
    const row = rows.find((r) => r.includes('HYPERLINK'))!;
    expect(row).toContain(`"'=HYPERLINK(""https://evil.example"",""x"")"`);
    expect(row).toContain(",'+cmd|calc,'-2+3,fill,'@SUM(A1),card,done,bob:=1+1,");
    expect(rows.find((r) => r.includes('bob:tab'))).toContain(",'\tx,");
    // No cell of the file starts a formula.
    for (const r of rows.slice(1)) for (const cell of r.split(',')) expect(cell).not.toMatch(/^"?[=+\-@\t\r]/);
  });

  it("a member cannot export, not even their own lines; an admin cannot export another team's", async () => {
    const range = { from: '2026-11-01', to: '2026-12-01' };
    const member = await t.call('GET', q(range), t.world.bob.token);
    expect(member.status).toBe(403);
    expect(JSON.stringify(member.json)).not.toContain('bob:1');
    expect((await t.call('GET', q({ ...range, format: 'csv' }), t.world.dee.token)).status).toBe(403);
    expect((await t.call('GET', q({ ...range, teamId: t.world.blue }), t.world.ada.token)).status).toBe(403);
    expect((await t.call('GET', q(range), t.world.pat.token)).status).toBe(403);
    expect((await t.call('GET', q(range))).status).toBe(401);
    const blue = await t.call('GET', q({ ...range, teamId: t.world.blue }), t.world.cy.token);
    expect(blue.json.lines.map((l: { id: string }) => l.id).sort()).toEqual(['cy:1', 'dee:1']);
  });

  it('refuses a range it cannot read, in words', async () => {
    const bad = await t.call('GET', q({ from: '2026-11-21', to: '2026-11-20' }), t.world.ada.token);
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toContain('"from" must be before "to"');
    expect((await t.call('GET', q({ from: 'yesterday', to: '2026-11-20' }), t.world.ada.token)).status).toBe(400);
    expect(
      (await t.call('GET', q({ from: '2026-11-20', to: '2026-11-21', format: 'xml' }), t.world.ada.token)).status,
    ).toBe(400);
    expect((await t.call('GET', '/v1/audit/export', t.world.ada.token)).status).toBe(400);
  });
});
