/**
 * The team server as the background composes it (issue 26, "In the extension"): the connection store (address,
 * encrypted token, who the server says you are), Settings → Team's handlers, and the credentials later team
 * features ask for. The organisation's policy may set the address. Call once, in the worker's first turn.
 */
import { openTabwiseDb } from '../storage/db';
import { createTeamConnectionStore, type TeamConnectionStore } from '../tools/team/team-connection-store';
import { createTeamProviderSource, type TeamProviderSource } from '../tools/team/team-provider-source';
import type { PolicyFeature } from './create-policy-feature';
import { createTeamHandlers } from './handlers/team-handlers';
import type { BackgroundHandlers as Handlers } from './protocol';

export interface TeamFeature {
  store: Promise<TeamConnectionStore>;
  extraHandlers: Handlers;
  /** The providers of the user's teams, reached through the server's pass-through (issue 27). */
  providers: TeamProviderSource;
}

export function createTeamFeature(policy: Pick<PolicyFeature, 'teamServer'>): TeamFeature {
  const store = openTabwiseDb().then((db) => createTeamConnectionStore(db, policy.teamServer));
  // The worker's own fetch, unbound it throws "Illegal invocation".
  const fetchFromWorker: typeof fetch = (input, init) => fetch(input, init);
  const webAuth = {
    redirectUrl: chrome.identity.getRedirectURL('oidc'),
    launch: (url: string) => chrome.identity.launchWebAuthFlow({ url, interactive: true }),
  };
  const providers = createTeamProviderSource({
    credentials: async () => (await store).credentials(),
    client: { fetch: fetchFromWorker },
    now: () => Date.now(),
  });
  return {
    store,
    providers,
    extraHandlers: createTeamHandlers({ store, fetch: fetchFromWorker, now: () => Date.now(), webAuth }),
  };
}
