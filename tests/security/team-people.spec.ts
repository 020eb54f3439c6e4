/**
 * Settings → Team's people (team.people / team.invite / team.removeMember) against a real team server: a member
 * forging an admin's requests from an extension page is refused by the server and nothing changes; a team the
 * person is not in is refused before anything is sent; ids carrying path or SQL tricks are refused by the request
 * schema; an invitation made is kept nowhere in the extension.
 */
import { startTestServer, fakeEmbedder } from '../team-server/test-server';
import { callBackground, expect, test } from '../e2e/fixtures';

test("a member cannot invite or remove through the extension, another team's people are not asked for, and tricks in ids are refused", async ({
  extPage,
}) => {
  test.setTimeout(90_000);
  const { server, world, call } = await startTestServer({}, { embedder: fakeEmbedder() });
  try {
    const pool = server.ctx.db.pool;
    const count = async (sql: string) => (await pool.query<{ n: number }>(sql)).rows[0]!.n;
    await callBackground(extPage, 'team.setUrl', { url: server.url });
    await callBackground(extPage, 'team.signIn', { token: world.bob.token });

    // Bob is a member of Red: he may list its people, not invite or remove.
    const red = await callBackground<{ canManage: boolean; members: { email: string }[] }>(extPage, 'team.people', {
      teamId: world.red,
    });
    expect(red.canManage).toBe(false);
    await expect(
      callBackground(extPage, 'team.invite', { teamId: world.red, email: 'mallory@evil.test' }),
    ).rejects.toThrow("Only the team's admins can do that.");
    await expect(
      callBackground(extPage, 'team.removeMember', { teamId: world.red, userId: world.ada.userId }),
    ).rejects.toThrow("Only the team's admins can do that.");
    expect(await count(`SELECT count(*)::int AS n FROM tabwise.invitations`)).toBe(0);
    expect((await call('GET', '/v1/me', world.ada.token)).status).toBe(200);
    const members = (await call('GET', `/v1/teams/${world.red}/members`, world.ada.token)).json as { email: string }[];
    expect(members.map((m) => m.email).sort()).toEqual(['ada@red.test', 'bob@red.test']);

    // Blue is not Bob's: refused by the extension before the server is asked.
    await expect(callBackground(extPage, 'team.people', { teamId: world.blue })).rejects.toThrow(
      'You are not in that team any more',
    );
    await expect(
      callBackground(extPage, 'team.removeMember', { teamId: world.blue, userId: world.dee.userId }),
    ).rejects.toThrow('You are not in that team any more');
    expect((await call('GET', '/v1/me', world.dee.token)).status).toBe(200);

    // Ids that are not uuids (a path out of the team's routes, SQL) never reach a handler.
    for (const teamId of [`${world.red}/../../v1/documents`, `${world.red}' OR '1'='1`, '../health']) {
      await expect(callBackground(extPage, 'team.people', { teamId }), teamId).rejects.toThrow();
      await expect(
        callBackground(extPage, 'team.removeMember', { teamId: world.red, userId: teamId }),
        teamId,
      ).rejects.toThrow();
    }
    await expect(
      callBackground(extPage, 'team.invite', { teamId: world.red, email: 'not an address' }),
    ).rejects.toThrow();
    expect(await count(`SELECT count(*)::int AS n FROM tabwise.members WHERE team_id = '${world.red}'`)).toBe(2);
  } finally {
    await server.close();
  }
});
