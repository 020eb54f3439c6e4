/**
 * Team providers in the extension (issue 27): the providers of the user's teams, read from the team server and kept
 * a minute, shown beside the user's own as "Team: <name>" and reached through the server's pass-through
 * (`<server>/v1/proxy/openai` or `/v1/proxy/anthropic`) by the official SDKs, in the background, with the team
 * token as their key. Whether a team asks for its provider only ('team-only') comes from the same answer.
 */
import type { ProviderView } from '../../core/provider-record';
import type { ProviderStore } from '../../providers/provider-store';
import { UserFacingError } from '../../messaging/user-facing-error';
import { t } from '../../util/t';
import { fetchTeamProviders, type TeamClientDeps, type TeamProviderGroups } from './team-client';
import type { TeamCredentials } from './team-connection-store';

/** What the background knows of the team's providers now. */
export interface TeamProviderState {
  /** Providers of the user's teams, as provider views (ids `team:<provider id>`). */
  providers: ProviderView[];
  /** A team of the user's with a provider asks that only the team's providers be used. */
  teamOnly: boolean;
  /** The team token for these providers (the key the SDKs send to the pass-through). */
  token?: string;
}

export interface TeamProviderSource {
  state(): Promise<TeamProviderState>;
}

const TEAM_ID_PREFIX = 'team:';
const EMPTY: TeamProviderState = { providers: [], teamOnly: false };

/** The team's providers as provider views, each pointing the SDK of its wire at the server's pass-through. */
export function toTeamProviderViews(url: string, groups: TeamProviderGroups): ProviderView[] {
  return groups.flatMap((g) =>
    g.providers.map((p) => ({
      id: `${TEAM_ID_PREFIX}${p.id}`,
      kind: p.kind === 'anthropic' ? ('anthropic' as const) : ('openai-compatible' as const),
      name: t('team_provider_name', p.name),
      baseUrl: `${url}/v1/proxy/${p.kind === 'anthropic' ? 'anthropic' : 'openai'}`,
      model: p.models[0]!,
      createdAt: Date.parse(p.createdAt) || 0,
      hasKey: true,
      team: { teamId: g.teamId, teamName: g.teamName, providerId: p.id },
    })),
  );
}

/**
 * Reads the team's providers when signed in, at most once per `ttlMs`; while the server cannot be reached the last
 * answer stands (and none before the first), so the user's own providers keep working.
 */
export function createTeamProviderSource(deps: {
  credentials: () => Promise<TeamCredentials | undefined>;
  client: TeamClientDeps;
  now: () => number;
  ttlMs?: number;
}): TeamProviderSource {
  let last: { at: number; url: string; token: string; state: TeamProviderState } | undefined;
  return {
    async state() {
      const creds = await deps.credentials();
      if (!creds) return EMPTY;
      if (last && last.url === creds.url && last.token === creds.token && deps.now() - last.at < (deps.ttlMs ?? 60_000))
        return last.state;
      try {
        const groups = await fetchTeamProviders(creds, deps.client);
        const state = {
          providers: toTeamProviderViews(creds.url, groups),
          teamOnly: groups.some((g) => g.mode === 'team-only' && g.providers.length > 0),
          token: creds.token,
        };
        last = { at: deps.now(), url: creds.url, token: creds.token, state };
        return state;
      } catch (error) {
        console.warn('team providers: the server did not answer', error instanceof Error ? error.message : error);
        return last && last.url === creds.url && last.token === creds.token ? last.state : EMPTY;
      }
    },
  };
}

/**
 * The user's provider store with the team's providers added: listed after the user's own, found by their id, keyed
 * by the team token; they are the server's, so they cannot be saved or deleted here.
 */
export function withTeamProviders(store: ProviderStore, source: TeamProviderSource): ProviderStore {
  const isTeam = (id: string | undefined) => !!id?.startsWith(TEAM_ID_PREFIX);
  const refuse = () => {
    throw new UserFacingError('invalid', t('team_provider_read_only'));
  };
  return {
    async list() {
      const [own, team] = await Promise.all([store.list(), source.state()]);
      return [...own, ...team.providers];
    },
    async get(id) {
      if (!isTeam(id)) return store.get(id);
      return (await source.state()).providers.find((p) => p.id === id);
    },
    async getApiKey(id) {
      if (!isTeam(id)) return store.getApiKey(id);
      const state = await source.state();
      return state.providers.some((p) => p.id === id) ? state.token : undefined;
    },
    async save(input) {
      if (isTeam(input.id)) refuse();
      return store.save(input);
    },
    async delete(id) {
      if (isTeam(id)) refuse();
      return store.delete(id);
    },
  };
}
