/**
 * team.openView: a team citation was followed (the extension's viewer address, checked by parseViewerUrl, opened in
 * a new tab by the click). The background asks the server for a five-minute view link with the token it alone holds
 * and answers it; the viewer tab goes there. The link is made from the server's own origin and the token it returned:
 * nothing the model wrote decides where the tab goes, and nothing is fetched by rendering an answer (only a click
 * on a citation opens the viewer).
 */
import { UserFacingError } from '../../messaging/user-facing-error';
import { createTeamViewLink, isTeamServerFailure } from '../../tools/team/team-client';
import type { TeamConnectionStore } from '../../tools/team/team-connection-store';
import { t } from '../../util/t';
import type { Awaitable, HandlerSet } from './handler-set';

export interface TeamViewHandlerDeps {
  store: Awaitable<TeamConnectionStore>;
  fetch: typeof fetch;
  timeoutMs?: number;
}

export function createTeamViewHandlers(deps: TeamViewHandlerDeps): HandlerSet<'team.openView'> {
  return {
    'team.openView': async (target) => {
      const creds = await (await deps.store).credentials();
      if (!creds) throw new UserFacingError('auth', t('team_view_signed_out'));
      let url: string;
      try {
        url = await createTeamViewLink(creds, target, { fetch: deps.fetch, timeoutMs: deps.timeoutMs });
      } catch (error) {
        if (!isTeamServerFailure(error)) throw error;
        throw new UserFacingError(error.kind === 'http' ? 'not_found' : 'network', error.shown);
      }
      return { url };
    },
  };
}
