/**
 * team.people / team.invite / team.removeMember: Settings → Team's people of a team, for its admins to invite and
 * remove from the browser rather than over the API. The server decides who may (a member lists, an admin invites and
 * removes, a team keeps an admin) and so do its policies underneath; here a request names only a team the signed-in
 * person is in, and each refusal is said in words. An invitation comes back once, for the admin to send on: it is
 * kept nowhere here.
 */
import { UserFacingError } from '../../messaging/user-facing-error';
import {
  createTeamInvitation,
  fetchTeamMembers,
  isTeamServerFailure,
  removeTeamMember,
  type CreatedInvitation,
} from '../../tools/team/team-client';
import type { TeamConnectionStore, TeamCredentials } from '../../tools/team/team-connection-store';
import { t } from '../../util/t';
import type { TeamPeopleView } from '../protocol';
import { asUserFacing } from './team-handlers';
import type { Awaitable, HandlerSet } from './handler-set';

export interface TeamPeopleDeps {
  store: Awaitable<TeamConnectionStore>;
  fetch: typeof fetch;
  timeoutMs?: number;
}

export function createTeamPeopleHandlers(
  deps: TeamPeopleDeps,
): HandlerSet<'team.people' | 'team.invite' | 'team.removeMember'> {
  const client = { fetch: deps.fetch, timeoutMs: deps.timeoutMs };
  /** The credentials and your place in `teamId`, or why there are none. */
  const inTeam = async (teamId: string) => {
    const store = await deps.store;
    const [creds, view] = await Promise.all([store.credentials(), store.view()]);
    if (!creds || !view.identity) throw new UserFacingError('auth', t('team_people_signed_out'));
    const team = view.identity.teams.find((x) => x.id === teamId);
    if (!team) throw new UserFacingError('not_found', t('team_people_no_team'));
    return { creds, team, selfId: view.identity.user.id };
  };
  const said = (error: unknown) => {
    if (isTeamServerFailure(error) && error.status === 403)
      return new UserFacingError('forbidden', t('team_people_not_admin'));
    if (isTeamServerFailure(error) && error.status === 409)
      return new UserFacingError('invalid', t('team_people_last_admin'));
    if (isTeamServerFailure(error) && error.status === 404)
      return new UserFacingError('not_found', t('team_people_gone'));
    return asUserFacing(error);
  };
  const list = async (creds: TeamCredentials, teamId: string, canManage: boolean, selfId: string) => ({
    teamId,
    members: await fetchTeamMembers(creds, teamId, client),
    canManage,
    selfId,
  });
  return {
    'team.people': async ({ teamId }): Promise<TeamPeopleView> => {
      const { creds, team, selfId } = await inTeam(teamId);
      try {
        return await list(creds, teamId, team.role === 'admin', selfId);
      } catch (error) {
        throw said(error);
      }
    },
    'team.invite': async ({ teamId, email }): Promise<CreatedInvitation> => {
      const { creds } = await inTeam(teamId);
      try {
        return await createTeamInvitation(creds, teamId, email, client);
      } catch (error) {
        throw said(error);
      }
    },
    'team.removeMember': async ({ teamId, userId }): Promise<TeamPeopleView> => {
      const { creds, team, selfId } = await inTeam(teamId);
      if (userId === selfId) throw new UserFacingError('invalid', t('team_people_not_yourself'));
      try {
        await removeTeamMember(creds, teamId, userId, client);
        return await list(creds, teamId, team.role === 'admin', selfId);
      } catch (error) {
        throw said(error);
      }
    },
  };
}
