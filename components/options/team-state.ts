/**
 * Settings → Team's model: the team server's address, signing in with the organisation or an access token, and the
 * connection's state.
 */
import { signal } from '@preact/signals';
import { sendToBackground } from '../../lib/background/send-to-background';
import type { TeamConnectionView } from '../../lib/tools/team/team-connection-store';
import { createActionStatus } from './action-status';

export function createTeamState() {
  const view = signal<TeamConnectionView | null>(null);
  /** The address being typed (filled from the saved one). */
  const url = signal('');
  /** Typed by the user; never filled from the background (the token does not leave it). */
  const token = signal('');
  const busy = signal(false);
  /** "Add a team server" pressed: the address form shows before any server is saved. */
  const adding = signal(false);
  const { message, error, attempt } = createActionStatus();
  const show = (v: TeamConnectionView) => {
    view.value = v;
    url.value = v.url ?? '';
    token.value = '';
  };
  const act = async (f: () => Promise<TeamConnectionView>, done?: string) => {
    busy.value = true;
    await attempt(async () => show(await f()), done);
    busy.value = false;
  };
  return {
    view,
    url,
    token,
    busy,
    adding,
    message,
    error,
    load: () => attempt(async () => show(await sendToBackground('team.get', {}))),
    saveUrl: (done: string) => act(() => sendToBackground('team.setUrl', { url: url.value.trim() }), done),
    /** The typed token signs in; an invitation (`twi_…`) typed there joins its team and signs in as someone new. */
    signIn: (done: string) => {
      const typed = token.value.trim();
      return act(
        () =>
          typed.startsWith('twi_')
            ? sendToBackground('team.join', { invitation: typed })
            : sendToBackground('team.signIn', { token: typed }),
        done,
      );
    },
    /** Signed in: joins another team with the typed invitation. */
    join: (done: string) => act(() => sendToBackground('team.join', { invitation: token.value.trim() }), done),
    signInOrganisation: (done: string) => act(() => sendToBackground('team.signInOrganisation', {}), done),
    signOut: (done: string) => act(() => sendToBackground('team.signOut', {}), done),
    remove: async (done: string) => {
      await act(() => sendToBackground('team.remove', {}), done);
      adding.value = false;
    },
  };
}

export type TeamState = ReturnType<typeof createTeamState>;
