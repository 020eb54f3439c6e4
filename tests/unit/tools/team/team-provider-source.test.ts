// The team's providers in the extension (issue 27): read from the server's answer, kept a minute, the last answer
// standing while the server is away, added to the user's providers, keyed by the team token, never editable here;
// a team-only team narrows the policy so the user's own providers are refused and the default falls to the team's.
import { describe, expect, it } from 'vitest';
import type { ProviderView } from '../../../../lib/core/provider-record';
import type { ProviderStore } from '../../../../lib/providers/provider-store';
import {
  createTeamProviderSource,
  toTeamProviderViews,
  withTeamProviders,
} from '../../../../lib/tools/team/team-provider-source';
import { isModelAllowed, narrowByTeamMode } from '../../../../lib/policy/policy-models';
import { createModelResolver } from '../../../../lib/background/model-resolver';
import type { ChatModel } from '../../../../lib/providers/chat-model';
import type { SettingsStore } from '../../../../lib/storage/settings-store';

const URL_ = 'https://team.example.com';
const TOKEN = 'twp_' + 'a'.repeat(43);
const reply = (mode: 'team-only' | 'team-and-own') => [
  {
    teamId: 't1',
    teamName: 'Red',
    mode,
    providers: [
      {
        id: 'p1',
        name: 'Red OpenAI',
        kind: 'openai-compatible',
        models: ['gpt-team', 'gpt-2'],
        createdAt: '2026-01-01T00:00:00Z',
      },
      { id: 'p2', name: 'Red Claude', kind: 'anthropic', models: ['claude-team'], createdAt: '2026-01-02T00:00:00Z' },
    ],
  },
];

function serverFetch(answers: (() => Response)[]) {
  const calls: { url: string; auth: string | null }[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), auth: new Headers(init?.headers).get('authorization') });
    const next = answers.shift();
    if (!next) throw new TypeError('fetch failed');
    return next();
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}
const ok = (body: unknown) => () =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

function ownStore(): ProviderStore {
  const own: ProviderView = {
    id: 'own',
    kind: 'openai',
    name: 'My OpenAI',
    baseUrl: '',
    model: 'gpt-own',
    createdAt: 1,
    hasKey: true,
  };
  return {
    list: async () => [own],
    get: async (id) => (id === 'own' ? own : undefined),
    getApiKey: async (id) => (id === 'own' ? 'sk-own' : undefined),
    save: async () => own,
    delete: async () => {},
  };
}

describe('team providers in the extension', () => {
  it('become "Team: <name>" providers pointing each SDK at the pass-through of its wire', () => {
    const views = toTeamProviderViews(URL_, reply('team-and-own') as never);
    expect(views.map((v) => [v.id, v.name, v.kind, v.baseUrl, v.model])).toEqual([
      ['team:p1', 'Team: Red OpenAI', 'openai-compatible', `${URL_}/v1/proxy/openai`, 'gpt-team'],
      ['team:p2', 'Team: Red Claude', 'anthropic', `${URL_}/v1/proxy/anthropic`, 'claude-team'],
    ]);
    expect(views[0]!.team).toEqual({ teamId: 't1', teamName: 'Red', providerId: 'p1' });
  });

  it('sends the team token only to the team server: an address in the server’s reply is not read', async () => {
    const hostile = reply('team-and-own');
    Object.assign(hostile[0]!.providers[0]!, { baseUrl: 'https://evil.example/v1', kind: 'openai-compatible' });
    const server = serverFetch([ok(hostile)]);
    const source = createTeamProviderSource({
      credentials: async () => ({ url: URL_, token: TOKEN }),
      client: { fetch: server.fetch },
      now: () => 0,
    });
    const { providers } = await source.state();
    expect(providers.map((p) => new URL(p.baseUrl).origin)).toEqual([URL_, URL_]);
    expect(JSON.stringify(providers)).not.toContain('evil');
  });

  it('asks the server with the token, keeps the answer a minute, and keeps the last one while the server is away', async () => {
    let now = 0;
    const server = serverFetch([ok(reply('team-and-own')), ok(reply('team-only'))]);
    const source = createTeamProviderSource({
      credentials: async () => ({ url: URL_, token: TOKEN }),
      client: { fetch: server.fetch },
      now: () => now,
    });
    expect((await source.state()).providers).toHaveLength(2);
    expect(server.calls).toEqual([{ url: `${URL_}/v1/me/providers`, auth: `Bearer ${TOKEN}` }]);
    now = 30_000;
    await source.state();
    expect(server.calls).toHaveLength(1);
    now = 61_000;
    expect((await source.state()).teamOnly).toBe(true);
    now = 130_000;
    // The server is gone now: the last answer stands.
    const away = await source.state();
    expect(server.calls).toHaveLength(3);
    expect(away.teamOnly).toBe(true);
    expect(away.providers).toHaveLength(2);
  });

  it('has none signed out, and none from a reply that is not the server’s', async () => {
    const signedOut = createTeamProviderSource({ credentials: async () => undefined, client: { fetch }, now: () => 0 });
    expect(await signedOut.state()).toEqual({ providers: [], teamOnly: false });
    const bad = serverFetch([ok([{ teamId: 't1', providers: 'all of them' }])]);
    const source = createTeamProviderSource({
      credentials: async () => ({ url: URL_, token: TOKEN }),
      client: { fetch: bad.fetch },
      now: () => 0,
    });
    expect((await source.state()).providers).toEqual([]);
  });

  it('adds them after the user’s own, keyed by the team token, and refuses to edit or delete them', async () => {
    const server = serverFetch([ok(reply('team-and-own'))]);
    const source = createTeamProviderSource({
      credentials: async () => ({ url: URL_, token: TOKEN }),
      client: { fetch: server.fetch },
      now: () => 0,
    });
    const store = withTeamProviders(ownStore(), source);
    expect((await store.list()).map((p) => p.id)).toEqual(['own', 'team:p1', 'team:p2']);
    expect((await store.get('team:p2'))?.name).toBe('Team: Red Claude');
    expect(await store.get('team:nope')).toBeUndefined();
    expect(await store.getApiKey('team:p1')).toBe(TOKEN);
    expect(await store.getApiKey('team:nope')).toBeUndefined();
    expect(await store.getApiKey('own')).toBe('sk-own');
    await expect(store.delete('team:p1')).rejects.toThrow("This provider is your team's");
    await expect(
      store.save({ id: 'team:p1', kind: 'openai', name: 'x', baseUrl: '', model: 'm', apiKey: 'sk-steal' }),
    ).rejects.toThrow("This provider is your team's");
  });

  it('team-only: the user’s own providers are refused, the team’s allowed, and new runs default to the team’s', async () => {
    const own = (await ownStore().list())[0]!;
    const [team] = toTeamProviderViews(URL_, reply('team-only') as never);
    const policy = narrowByTeamMode({}, true);
    expect(isModelAllowed(policy, own, 'gpt-own')).toBe(false);
    expect(isModelAllowed(policy, team!, 'gpt-team')).toBe(true);
    // Never wider than the organisation's own policy: its model list still holds for the team's provider.
    expect(isModelAllowed(narrowByTeamMode({ allowedModels: ['claude-*'] }, true), team!, 'gpt-team')).toBe(false);
    expect(narrowByTeamMode({ allowedProviders: ['openai'] }, false)).toEqual({ allowedProviders: ['openai'] });

    const server = serverFetch([ok(reply('team-only'))]);
    const source = createTeamProviderSource({
      credentials: async () => ({ url: URL_, token: TOKEN }),
      client: { fetch: server.fetch },
      now: () => 0,
    });
    const made: { id: string; key?: string }[] = [];
    const resolver = createModelResolver({
      providers: withTeamProviders(ownStore(), source),
      settings: { get: async () => ({ defaultProviderId: 'own' }) } as unknown as SettingsStore,
      policy: async () => narrowByTeamMode({}, (await source.state()).teamOnly),
      createModel: (p, key) => (made.push({ id: p.id, ...(key ? { key } : {}) }), {} as ChatModel),
    });
    const run = await resolver.forNewRun();
    expect(run.label).toBe('Team: Red OpenAI · gpt-team');
    await expect(resolver.forRef({ provider: 'own', modelId: 'gpt-own' })).rejects.toThrow(
      'Your organisation does not allow My OpenAI · gpt-own',
    );
    await resolver.forRef(run.ref);
    expect(made).toEqual([{ id: 'team:p1', key: TOKEN }]);
  });
});
