import { describe, expect, it, vi } from 'vitest';
import { createTeamPeopleState } from '../../../components/options/team-people-state';

const TEAM = '0b6c5e52-6f1f-4a1b-9a38-2f7c9a9d2f10';
const people = (emails: string[]) => ({
  teamId: TEAM,
  canManage: true,
  selfId: 'u-ada',
  members: emails.map((email) => ({ userId: `u-${email.split('@')[0]}`, email, displayName: '', role: 'member' })),
});

function setUp(answers: Record<string, Array<unknown | Error>>) {
  const calls: { name: string; data: unknown }[] = [];
  const send = vi.fn(async (name: string, data: unknown) => {
    calls.push({ name, data });
    const next = answers[name]?.shift();
    if (next instanceof Error) throw next;
    return next;
  });
  return { state: createTeamPeopleState(TEAM, send as never), calls };
}

describe("Settings → Team: a team's people for its admins", () => {
  it('lists the people, removes one only after the second click, and says who went', async () => {
    const { state, calls } = setUp({
      'team.people': [people(['ada@red.test', 'bob@red.test'])],
      'team.removeMember': [people(['ada@red.test'])],
    });
    await state.load();
    expect(state.people.value!.members.map((m) => m.email)).toEqual(['ada@red.test', 'bob@red.test']);
    state.askRemove('u-bob');
    expect(state.confirming.value).toBe('u-bob');
    expect(calls.map((c) => c.name)).toEqual(['team.people']);
    await state.remove('u-bob', 'Removed bob@red.test.');
    expect(calls[1]).toEqual({ name: 'team.removeMember', data: { teamId: TEAM, userId: 'u-bob' } });
    expect(state.people.value!.members.map((m) => m.email)).toEqual(['ada@red.test']);
    expect(state.confirming.value).toBeNull();
    expect(state.message.value).toBe('Removed bob@red.test.');
  });

  it('an invitation is shown once it is made and the address field empties; a refusal is said and shows none', async () => {
    const made = {
      email: 'eve@new.test',
      role: 'member',
      expiresAt: '2026-12-11T00:00:00Z',
      token: `twi_${'A'.repeat(43)}`,
    };
    const { state, calls } = setUp({
      'team.invite': [made, new Error("Only the team's admins can do that.")],
    });
    state.email.value = ' eve@new.test ';
    await state.invite();
    expect(calls[0]).toEqual({ name: 'team.invite', data: { teamId: TEAM, email: 'eve@new.test' } });
    expect(state.invitation.value).toEqual(made);
    expect(state.email.value).toBe('');
    state.email.value = 'zed@new.test';
    await state.invite();
    expect(state.invitation.value).toBeNull();
    expect(state.error.value).toBe("Only the team's admins can do that.");
    expect(state.email.value).toBe('zed@new.test');
  });
});
