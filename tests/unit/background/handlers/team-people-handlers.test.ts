import { describe, expect, it } from 'vitest';
import { createTeamPeopleHandlers } from '../../../../lib/background/handlers/team-people-handlers';
import type { TeamConnectionStore } from '../../../../lib/tools/team/team-connection-store';

const URL_ = 'http://127.0.0.1:4000';
const RED = '0b6c5e52-6f1f-4a1b-9a38-2f7c9a9d2f10';
const BLUE = '7d0e9a11-2c3b-4d5e-8f60-718293a4b5c6';
const ADA = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';
const members = [
  { userId: ADA, email: 'ada@red.test', displayName: 'Ada', role: 'admin', joinedAt: '2026-12-01T00:00:00Z' },
  { userId: BOB, email: 'bob@red.test', displayName: '', role: 'member', joinedAt: '2026-12-01T00:00:00Z' },
];

function setUp(role: 'admin' | 'member', reply?: (path: string, method: string) => Response) {
  const sent: { path: string; method: string; body?: unknown }[] = [];
  const store = {
    credentials: async () => ({ url: URL_, token: 'tws_secret' }),
    view: async () => ({
      signedIn: true,
      identity: {
        user: { id: ADA, email: 'ada@red.test', displayName: 'Ada' },
        teams: [{ id: RED, name: 'Red', role }],
      },
    }),
  } as unknown as TeamConnectionStore;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const path = new URL(String(input)).pathname;
    const method = init?.method ?? 'GET';
    sent.push({ path, method, ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) });
    if (reply) return reply(path, method);
    if (method === 'POST')
      return Response.json(
        {
          id: 'i1',
          teamId: RED,
          email: 'eve@new.test',
          role: 'member',
          createdAt: '2026-12-04T00:00:00Z',
          expiresAt: '2026-12-11T00:00:00Z',
          token: `twi_${'A'.repeat(43)}`,
        },
        { status: 201 },
      );
    if (method === 'DELETE') return new Response(null, { status: 204 });
    return Response.json(members);
  };
  return { h: createTeamPeopleHandlers({ store, fetch }), sent };
}

describe('team.people, team.invite, team.removeMember', () => {
  it("an admin lists the team's people, invites by email (the invitation answered once) and removes someone", async () => {
    const { h, sent } = setUp('admin');
    const view = await h['team.people']({ teamId: RED });
    expect(view).toMatchObject({ teamId: RED, canManage: true, selfId: ADA });
    expect(view.members.map((m) => m.email)).toEqual(['ada@red.test', 'bob@red.test']);
    const made = await h['team.invite']({ teamId: RED, email: 'eve@new.test' });
    expect(made).toMatchObject({ email: 'eve@new.test', token: `twi_${'A'.repeat(43)}` });
    expect(sent.at(-1)).toEqual({
      path: `/v1/teams/${RED}/invitations`,
      method: 'POST',
      body: { email: 'eve@new.test' },
    });
    await h['team.removeMember']({ teamId: RED, userId: BOB });
    expect(sent.slice(-2).map((s) => `${s.method} ${s.path}`)).toEqual([
      `DELETE /v1/teams/${RED}/members/${BOB}`,
      `GET /v1/teams/${RED}/members`,
    ]);
  });

  it('a team you are not in, or yourself, is refused before anything is sent; the server’s refusals are said in words', async () => {
    const { h, sent } = setUp('admin');
    await expect(h['team.people']({ teamId: BLUE })).rejects.toThrow('You are not in that team any more');
    await expect(h['team.invite']({ teamId: BLUE, email: 'eve@new.test' })).rejects.toThrow(/not in that team/);
    await expect(h['team.removeMember']({ teamId: RED, userId: ADA })).rejects.toThrow(
      'You cannot remove yourself here.',
    );
    expect(sent).toEqual([]);
    const refused = (status: number) => setUp('member', () => Response.json({ error: {} }, { status })).h;
    await expect(refused(403)['team.invite']({ teamId: RED, email: 'eve@new.test' })).rejects.toThrow(
      "Only the team's admins can do that.",
    );
    await expect(refused(409)['team.removeMember']({ teamId: RED, userId: BOB })).rejects.toThrow(
      'A team keeps at least one admin',
    );
    await expect(refused(404)['team.removeMember']({ teamId: RED, userId: BOB })).rejects.toThrow(
      'That person is no longer in the team.',
    );
  });

  it('a reply that is not an invitation, or not a list of people, is refused', async () => {
    const bad = setUp('admin', (_p, method) =>
      method === 'POST'
        ? Response.json({ email: 'e', role: 'member', expiresAt: 'x', token: '<img src=x>' })
        : Response.json([{ userId: 1 }]),
    ).h;
    await expect(bad['team.invite']({ teamId: RED, email: 'eve@new.test' })).rejects.toThrow(
      /not a team server's reply/,
    );
    await expect(bad['team.people']({ teamId: RED })).rejects.toThrow(/not a team server's reply/);
  });
});
