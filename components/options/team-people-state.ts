/**
 * Settings → Team's "Manage <team>" for a team's admins: its people (removing one asks first), and invitations by
 * email, each shown once for the admin to send on. The server decides who may; this shows what it answered.
 */
import { signal } from '@preact/signals';
import type { TeamPeopleView } from '../../lib/background/protocol';
import { sendToBackground } from '../../lib/background/send-to-background';
import type { CreatedInvitation } from '../../lib/tools/team/team-client';
import { createActionStatus } from './action-status';

type Send = typeof sendToBackground;

export function createTeamPeopleState(teamId: string, send: Send = sendToBackground) {
  const people = signal<TeamPeopleView | null>(null);
  /** The member whose removal waits for the admin's second click. */
  const confirming = signal<string | null>(null);
  const email = signal('');
  /** The last invitation made: shown until another is made or the section closes; kept nowhere else. */
  const invitation = signal<CreatedInvitation | null>(null);
  const busy = signal(false);
  const { message, error, attempt } = createActionStatus();
  const act = async (f: () => Promise<void>, done?: string) => {
    busy.value = true;
    await attempt(f, done);
    busy.value = false;
  };
  return {
    people,
    confirming,
    email,
    invitation,
    busy,
    message,
    error,
    load: () =>
      act(async () => {
        people.value = await send('team.people', { teamId });
      }),
    /** Invites the typed address; the invitation is shown (once) by the section, not as a status line. */
    invite: () =>
      act(async () => {
        invitation.value = null;
        invitation.value = await send('team.invite', { teamId, email: email.value.trim() });
        email.value = '';
      }),
    /** The first click on Remove asks; `confirm` removes. */
    askRemove: (userId: string | null) => (confirming.value = userId),
    remove: (userId: string, done: string) =>
      act(async () => {
        people.value = await send('team.removeMember', { teamId, userId });
        confirming.value = null;
      }, done),
  };
}

export type TeamPeopleState = ReturnType<typeof createTeamPeopleState>;
