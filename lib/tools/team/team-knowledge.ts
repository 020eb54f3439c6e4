/**
 * The team's knowledge as search_history and grounding ask it: nothing when no team server is added; when one is,
 * the passages the server finds for the query, or one line saying why they are missing (signed out, offline, the
 * server failing). It never throws: the user's own passages come back whatever the team server does.
 */
import { isTeamServerFailure, searchTeamKnowledge, type TeamClientDeps, type TeamSearchRequest } from './team-client';
import type { TeamConnectionStore } from './team-connection-store';
import { toTeamPassage, type TeamPassageOutput } from './team-passages';

/** The team part of a search: passages, or why there are none (`missing`, one line for the model and the card). */
export type TeamKnowledgeOutcome =
  { passages: TeamPassageOutput[]; server: string } | { passages: []; missing: string; server: string };

export interface TeamKnowledge {
  /** Whether a team server is added and signed in to (then search_history is offered even with remembering off). */
  signedIn(): Promise<boolean>;
  /** The signed-in server's origin (where a query goes), else undefined; read again at every call. */
  origin(): Promise<string | undefined>;
  /**
   * Whether the last reading of `signedIn` or `origin` found a signed-in server: the egress gate's `writtenValues`
   * is synchronous, and asks it right after `locate` read `origin`.
   */
  sendsQueries(): boolean;
  /** Undefined when no team server is added at all; `server` is the server's origin. */
  search(request: TeamSearchRequest): Promise<TeamKnowledgeOutcome | undefined>;
}

export interface TeamKnowledgeDeps extends TeamClientDeps {
  store: TeamConnectionStore | Promise<TeamConnectionStore>;
  /** The extension's origin (chrome-extension://<id>), for the citation addresses. */
  extensionOrigin: string;
}

/** The team part of search_history's answer over the store's connection. */
export function createTeamKnowledge(deps: TeamKnowledgeDeps): TeamKnowledge {
  const client = { fetch: deps.fetch, ...(deps.timeoutMs === undefined ? {} : { timeoutMs: deps.timeoutMs }) };
  let live = false;
  const read = async () => {
    const view = await (await deps.store).view();
    live = view.signedIn && !!view.url;
    return view;
  };
  return {
    async signedIn() {
      return (await read()).signedIn;
    },
    async origin() {
      const view = await read();
      return live ? view.url : undefined;
    },
    sendsQueries: () => live,
    async search(request) {
      const store = await deps.store;
      const view = await read();
      if (!view.url) return undefined;
      const server = view.url;
      const creds = view.signedIn ? await store.credentials() : undefined;
      if (!creds)
        return {
          passages: [],
          server,
          missing: `Not signed in to the team server ${new URL(server).host}, so no team passages.`,
        };
      try {
        const hits = await searchTeamKnowledge(creds, request, client);
        return { passages: hits.map((h) => toTeamPassage(h, view.identity, deps.extensionOrigin)), server };
      } catch (error) {
        if (isTeamServerFailure(error))
          return { passages: [], server, missing: `Team passages are missing: ${error.shown}` };
        console.warn('Tabwise: the team search failed', error);
        return {
          passages: [],
          server,
          missing: `Team passages are missing: ${new URL(server).host} could not be asked.`,
        };
      }
    },
  };
}
