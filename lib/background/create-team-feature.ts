/**
 * The team server as the background composes it (issue 26, "In the extension"): the connection store (address,
 * encrypted token, who the server says you are), Settings → Team's handlers, and the credentials later team
 * features ask for. The organisation's policy may set the address. Call once, in the worker's first turn.
 */
import { openTabwiseDb } from '../storage/db';
import { createTeamConnectionStore, type TeamConnectionStore } from '../tools/team/team-connection-store';
import type { PolicyFeature } from './create-policy-feature';
import { createTeamHandlers } from './handlers/team-handlers';
import { createTeamViewHandlers } from './handlers/team-view-handlers';
import { createTeamKnowledgeHandlers } from './handlers/team-knowledge-handlers';
import { createTeamKnowledge, type TeamKnowledge } from '../tools/team/team-knowledge';
import type { BackgroundHandlers as Handlers } from './protocol';

export interface TeamFeature {
  store: Promise<TeamConnectionStore>;
  extraHandlers: Handlers;
  /** The team's passages for search_history (and grounding), beside the user's own. */
  knowledge: TeamKnowledge;
}

export function createTeamFeature(policy: Pick<PolicyFeature, 'teamServer'>): TeamFeature {
  const store = openTabwiseDb().then((db) => createTeamConnectionStore(db, policy.teamServer));
  // The worker's own fetch, unbound it throws "Illegal invocation".
  const fetchFromWorker: typeof fetch = (input, init) => fetch(input, init);
  const webAuth = {
    redirectUrl: chrome.identity.getRedirectURL('oidc'),
    launch: (url: string) => chrome.identity.launchWebAuthFlow({ url, interactive: true }),
  };
  return {
    store,
    extraHandlers: {
      ...createTeamHandlers({ store, fetch: fetchFromWorker, now: () => Date.now(), webAuth }),
      ...createTeamViewHandlers({ store, fetch: fetchFromWorker }),
      ...createTeamKnowledgeHandlers({ store, fetch: fetchFromWorker }),
    },
    knowledge: createTeamKnowledge({
      store,
      fetch: fetchFromWorker,
      extensionOrigin: chrome.runtime.getURL('/').replace(/\/$/, ''),
    }),
  };
}
