/**
 * team.knowledge: Settings → Team's live line of the team's knowledge ("N documents indexed, M waiting"). Asked
 * in a loop only while Settings shows the Team section; each ask (but the first) listens to the server's events
 * until one arrives or the wait ends, then counts again, so the server's stream is open only while someone looks.
 */
import type { TeamKnowledgeView } from '../protocol';
import { fetchTeamKnowledgeCounts, isTeamServerFailure, waitForTeamEvent } from '../../tools/team/team-client';
import type { TeamConnectionStore } from '../../tools/team/team-connection-store';
import { readServerEvents } from '../../tools/team/read-server-events';
import type { Awaitable, HandlerSet } from './handler-set';

export interface TeamKnowledgeHandlerDeps {
  store: Awaitable<TeamConnectionStore>;
  fetch: typeof fetch;
  timeoutMs?: number;
}

export function createTeamKnowledgeHandlers(deps: TeamKnowledgeHandlerDeps): HandlerSet<'team.knowledge'> {
  const client = { fetch: deps.fetch, ...(deps.timeoutMs === undefined ? {} : { timeoutMs: deps.timeoutMs }) };
  return {
    'team.knowledge': async ({ after, waitMs }): Promise<TeamKnowledgeView> => {
      const creds = await (await deps.store).credentials();
      if (!creds) return { signedIn: false };
      try {
        let cursor = after;
        if (waitMs > 0) {
          const heard = await waitForTeamEvent(creds, { after, waitMs }, { ...client, readEvents: readServerEvents });
          if (heard.signedOut) return { signedIn: false };
          cursor = heard.cursor;
        }
        return { signedIn: true, counts: await fetchTeamKnowledgeCounts(creds, client), ...(cursor ? { cursor } : {}) };
      } catch (error) {
        if (!isTeamServerFailure(error)) throw error;
        return { signedIn: true, error: error.shown, ...(after ? { cursor: after } : {}) };
      }
    },
  };
}
