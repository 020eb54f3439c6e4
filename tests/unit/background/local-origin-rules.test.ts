import { describe, expect, it } from 'vitest';
import {
  createLocalOriginRules,
  FIRST_RULE_ID,
  localOriginRules,
  localPrefix,
  type LocalOriginRule,
  type SessionRulesApi,
} from '../../../lib/background/local-origin-rules';
import { createProviderHandlers } from '../../../lib/background/handlers/provider-handlers';
import type { ProviderStore } from '../../../lib/providers/provider-store';
import type { ProviderView } from '../../../lib/core/provider-record';
import type { SettingsStore } from '../../../lib/storage/settings-store';

const EXT = 'abcdefghijklmnopabcdefghijklmnop';

/** Session rules as Chrome keeps them: ids must be unique, removals first. */
function fakeRules(initial: { id: number }[] = []) {
  let rules: { id: number; condition?: LocalOriginRule['condition'] }[] = [...initial];
  const api: SessionRulesApi = {
    getSessionRules: async () => rules.map((r) => ({ ...r })),
    async updateSessionRules({ removeRuleIds = [], addRules = [] }) {
      const kept = rules.filter((r) => !removeRuleIds.includes(r.id));
      for (const r of addRules)
        if (kept.some((k) => k.id === r.id)) throw new Error(`Rule with id ${r.id} does not have a unique ID.`);
      rules = [...kept, ...addRules];
    },
  };
  return { api, rules: () => rules };
}

describe('localPrefix', () => {
  it('takes loopback base URLs only, as an origin-and-path prefix', () => {
    expect(localPrefix('http://localhost:11434/v1')).toBe('http://localhost:11434/v1/');
    expect(localPrefix('http://127.0.0.1:1234/v1/')).toBe('http://127.0.0.1:1234/v1/');
    expect(localPrefix('http://[::1]:8080')).toBe('http://[::1]:8080/');
    expect(localPrefix('https://api.openai.com/v1')).toBeUndefined();
    expect(localPrefix('http://localhost.evil.example/v1')).toBeUndefined();
    expect(localPrefix('')).toBeUndefined();
    expect(localPrefix('http://localhost:11434/a*b')).toBeUndefined();
  });
});

describe('localOriginRules', () => {
  it("removes Origin only on this extension's requests to each distinct local base URL", () => {
    const rules = localOriginRules(
      [
        'http://localhost:11434/v1',
        'https://api.groq.com/openai/v1',
        '',
        'http://localhost:11434/v1/',
        'http://127.0.0.1:1234/v1',
      ],
      EXT,
    );
    expect(rules).toEqual([
      {
        id: FIRST_RULE_ID,
        priority: 1,
        action: { type: 'modifyHeaders', requestHeaders: [{ header: 'origin', operation: 'remove' }] },
        condition: {
          urlFilter: '|http://localhost:11434/v1/',
          initiatorDomains: [EXT],
          resourceTypes: ['xmlhttprequest', 'other'],
        },
      },
      expect.objectContaining({
        id: FIRST_RULE_ID + 1,
        condition: expect.objectContaining({ urlFilter: '|http://127.0.0.1:1234/v1/' }),
      }),
    ]);
  });
});

describe('createLocalOriginRules', () => {
  it("replaces its own rules on every sync, leaves other rules alone, and adds a tested draft's URL", async () => {
    const fake = fakeRules([{ id: 1 }, { id: FIRST_RULE_ID }]);
    let saved = ['http://localhost:11434/v1'];
    const sync = createLocalOriginRules({ rules: fake.api, extensionId: EXT, baseUrls: async () => saved });
    await sync.sync();
    expect(fake.rules().map((r) => [r.id, r.condition?.urlFilter])).toEqual([
      [1, undefined],
      [FIRST_RULE_ID, '|http://localhost:11434/v1/'],
    ]);
    await sync.sync(['http://127.0.0.1:1234/v1']);
    expect(fake.rules().map((r) => r.condition?.urlFilter)).toEqual([
      undefined,
      '|http://localhost:11434/v1/',
      '|http://127.0.0.1:1234/v1/',
    ]);
    saved = [];
    await Promise.all([sync.sync(), sync.sync()]); // overlapping syncs do not collide on ids
    expect(fake.rules().map((r) => r.id)).toEqual([1]);
  });

  it('follows the provider handlers: save, delete and test of a draft', async () => {
    const fake = fakeRules();
    const list: ProviderView[] = [];
    const providers = {
      list: async () => list,
      get: async (id: string) => list.find((p) => p.id === id),
      save: async (input: { kind: ProviderView['kind']; name: string; baseUrl: string; model: string }) => {
        const view: ProviderView = { id: `p${list.length}`, ...input, createdAt: 0, hasKey: false };
        list.push(view);
        return view;
      },
      delete: async (id: string) =>
        void list.splice(
          list.findIndex((p) => p.id === id),
          1,
        ),
      getApiKey: async () => undefined,
    } satisfies Partial<ProviderStore>;
    let defaults: { defaultProviderId?: string } = {};
    const settings = {
      get: async () => defaults,
      update: async (patch: typeof defaults) => void (defaults = { ...defaults, ...patch }),
    };
    const localOrigins = createLocalOriginRules({
      rules: fake.api,
      extensionId: EXT,
      baseUrls: async () => list.map((p) => p.baseUrl),
    });
    const handlers = createProviderHandlers({
      providers: providers as unknown as ProviderStore,
      settings: settings as unknown as SettingsStore,
      localOrigins,
      listModels: async () => ['m'],
    });
    await handlers['providers.test']({ kind: 'openai-compatible', baseUrl: 'http://localhost:1234/v1' });
    expect(fake.rules().map((r) => r.condition?.urlFilter)).toEqual(['|http://localhost:1234/v1/']);
    const saved = await handlers['providers.save']({
      kind: 'openai-compatible',
      name: 'Ollama',
      baseUrl: 'http://localhost:11434/v1',
      model: 'llama3.2',
    });
    expect(fake.rules().map((r) => r.condition?.urlFilter)).toEqual(['|http://localhost:11434/v1/']);
    await handlers['providers.delete']({ id: saved.id });
    expect(fake.rules()).toEqual([]);
  });
});
