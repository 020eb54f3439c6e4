/** "Always allow" grants and the Read only switch travel with the settings file; bad grants refuse the import. */
import { describe, expect, it } from 'vitest';
import { createDataTransferHandlers } from '../../../../lib/background/handlers/data-transfer-handlers';
import { createInMemoryMemoryStore } from '../../../../lib/tools/memory-store';
import { createInMemorySitePolicyStore } from '../../../../lib/tools/site-policy-store';
import type { Settings } from '../../../../lib/storage/settings-store';
import { createMemoryConversationStore } from '../memory-conversation-store';
import { createFakeProviderStore, createFakeSettingsStore } from './fakes';

const GRANTABLE = new Set(['fill_form', 'navigate', 'fetch_url']);

function world(settings: Settings = {}) {
  const grants = createInMemorySitePolicyStore(() => 7);
  const store = createFakeSettingsStore(settings);
  const h = createDataTransferHandlers({
    conversations: createMemoryConversationStore(),
    memory: createInMemoryMemoryStore(),
    settings: store,
    providers: createFakeProviderStore(),
    grants: { store: grants, grantable: (name) => GRANTABLE.has(name) },
    now: () => 42,
  });
  return { grants, settings: store, h };
}

describe('grants and read only in the export file', () => {
  it('are exported, and imported into another browser with their times', async () => {
    const from = world({ readOnly: true });
    await from.grants.allow('https://shop.example', 'fill_form', 1000);
    await from.grants.allow('http://127.0.0.1:8080', 'navigate', 2000);
    const file = await from.h['data.export']({});
    expect(file.settings.readOnly).toBe(true);
    expect(file.grants).toEqual([
      { site: 'http://127.0.0.1:8080', toolName: 'navigate', givenAt: 2000 },
      { site: 'https://shop.example', toolName: 'fill_form', givenAt: 1000 },
    ]);

    const to = world();
    const result = await to.h['data.import']({ text: JSON.stringify(file) });
    expect(result.grants).toBe(2);
    expect(await to.grants.list()).toEqual(file.grants);
    expect((await to.settings.get()).readOnly).toBe(true);
    // Imported twice: nothing is added twice.
    expect((await to.h['data.import']({ text: JSON.stringify(file) })).grants).toBe(0);
  });

  it('a grant already here keeps its own time', async () => {
    const to = world();
    await to.grants.allow('https://shop.example', 'fill_form', 5);
    const file = await world().h['data.export']({});
    file.grants = [{ site: 'https://shop.example', toolName: 'fill_form', givenAt: 999 }];
    await to.h['data.import']({ text: JSON.stringify(file) });
    expect(await to.grants.list()).toEqual([{ site: 'https://shop.example', toolName: 'fill_form', givenAt: 5 }]);
  });

  const refused: [string, unknown, RegExp][] = [
    ['a site that is not an origin', { site: 'https://shop.example/path', toolName: 'fill_form' }, /grants\.0\.site/],
    ['a javascript: site', { site: 'javascript:alert(1)', toolName: 'fill_form' }, /grants\.0\.site/],
    ['a wildcard site', { site: '*', toolName: 'fill_form' }, /grants\.0\.site/],
    [
      'a tool name no vendor accepts',
      { site: 'https://a.example', toolName: 'fill form; drop' },
      /grants\.0\.toolName/,
    ],
    [
      'a tool that does not exist here',
      { site: 'https://a.example', toolName: 'wire_money' },
      /wire_money.*https:\/\/a\.example/,
    ],
    ['a tool that cannot be always allowed', { site: 'https://a.example', toolName: 'click' }, /click/],
  ];
  for (const [what, grant, message] of refused)
    it(`refuses the whole import for ${what}, and loses nothing already stored`, async () => {
      const to = world({ maxSteps: 3 });
      await to.grants.allow('https://kept.example', 'fill_form', 1);
      const file = await world({ maxSteps: 9 }).h['data.export']({});
      const text = JSON.stringify({ ...file, grants: [grant] });
      await expect(to.h['data.import']({ text })).rejects.toThrow(message);
      expect(await to.grants.list()).toEqual([{ site: 'https://kept.example', toolName: 'fill_form', givenAt: 1 }]);
      expect((await to.settings.get()).maxSteps).toBe(3);
    });
});
