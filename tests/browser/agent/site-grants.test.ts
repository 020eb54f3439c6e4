/** The grants store and the denied sites over real IndexedDB: times, untimed and corrupt records, removal. */
import { describe, expect, it } from 'vitest';
import { openAgentDb } from '../../../lib/agent/agent-db';
import { createIdbDeniedSites, createIdbSitePolicyStore } from '../../../lib/agent/idb-agent-stores';
import { createIdbRunJournal } from '../../../lib/agent/idb-run-journal';
import type { ApprovalRecord } from '../../../lib/agent/run-journal';
import { createRunFacts } from '../../../lib/background/create-run-facts';
import type { ConversationStore } from '../../../lib/storage/conversation-store';

const freshDb = () => openAgentDb(`tabwise-agent-test-${crypto.randomUUID()}`);

describe('the grants store in IndexedDB', () => {
  it('lists every grant with when it was given; untimed ones have no time; corrupt ones are skipped', async () => {
    const db = await freshDb();
    const store = createIdbSitePolicyStore(db, () => 5000);
    await store.allow('https://a.example', 'fill_form');
    await store.allow('https://b.example', 'navigate', 7000);
    // A grant from before grants were timed, and records no version ever wrote well.
    await db.put('sitePolicies', { site: 'https://old.example', toolName: 'fill_form' });
    const raw = db as unknown as { put(store: string, value: unknown): Promise<unknown> };
    await raw.put('sitePolicies', { site: 'https://junk.example', toolName: ['not', 'a', 'name'] });
    await raw.put('sitePolicies', { site: 'https://odd.example', toolName: 'click', allowedAt: 'soon' });
    expect(await store.list()).toEqual([
      { site: 'https://b.example', toolName: 'navigate', givenAt: 7000 },
      { site: 'https://a.example', toolName: 'fill_form', givenAt: 5000 },
      { site: 'https://odd.example', toolName: 'click' },
      { site: 'https://old.example', toolName: 'fill_form' },
    ]);
    expect(await store.isAllowed('https://old.example', 'fill_form')).toBe(true);
  });

  it('revokes one grant, then all of them at once', async () => {
    const db = await freshDb();
    const store = createIdbSitePolicyStore(db, () => 1);
    await store.allow('https://a.example', 'fill_form');
    await store.allow('https://a.example', 'navigate');
    await store.allow('https://b.example', 'navigate');
    await store.revoke('https://a.example', 'navigate');
    expect((await store.list()).map((g) => `${g.site} ${g.toolName}`)).toEqual([
      'https://a.example fill_form',
      'https://b.example navigate',
    ]);
    expect(await store.revokeAll()).toBe(2);
    expect(await store.list()).toEqual([]);
    expect(await store.isAllowed('https://b.example', 'navigate')).toBe(false);
  });
});

describe('sites denied in runs', () => {
  const approval = (over: Partial<ApprovalRecord>): ApprovalRecord => ({
    runId: 'r1',
    toolCallId: 't1',
    toolName: 'navigate',
    input: { url: 'https://evil.example/' },
    preview: 'navigate',
    site: 'https://evil.example',
    status: 'denied',
    requestedAt: 10,
    resolvedAt: 20,
    ...over,
  });

  it('lists the denials of going to a site that stand, and one removed no longer stands for its run', async () => {
    const db = await freshDb();
    const journal = createIdbRunJournal(db);
    await journal.write({
      run: {
        id: 'r1',
        conversationId: 'c1',
        messageId: 'm',
        model: { provider: 'p', modelId: 'x' },
        settings: {},
        status: 'running',
        createdAt: 1,
        updatedAt: 1,
      },
      approvals: [
        approval({}),
        approval({ toolCallId: 't2', toolName: 'open_tab', site: 'https://other.example', resolvedAt: 30 }),
        // Not denials of going somewhere: a denied fill, an approved navigation.
        approval({ toolCallId: 't3', toolName: 'fill_form', site: 'https://shop.example' }),
        approval({ toolCallId: 't4', status: 'approved', site: 'https://fine.example' }),
      ],
    });
    const denied = createIdbDeniedSites(db, () => 99);
    expect(await denied.list()).toEqual([
      {
        runId: 'r1',
        toolCallId: 't2',
        conversationId: 'c1',
        site: 'https://other.example',
        toolName: 'open_tab',
        deniedAt: 30,
      },
      {
        runId: 'r1',
        toolCallId: 't1',
        conversationId: 'c1',
        site: 'https://evil.example',
        toolName: 'navigate',
        deniedAt: 20,
      },
    ]);
    const conversations = { getConversation: async () => ({ id: 'c1', title: 'T', createdAt: 1, updatedAt: 1 }) };
    const facts = createRunFacts({
      journal: Promise.resolve(journal),
      conversations: Promise.resolve(conversations as unknown as ConversationStore),
    });
    expect((await facts('r1')).deniedOrigins).toEqual(['https://evil.example', 'https://other.example']);

    expect(await denied.remove('r1', 't1')).toBe(true);
    expect(await denied.remove('r1', 't1')).toBe(false);
    expect(await denied.remove('r1', 't3')).toBe(false);
    expect((await denied.list()).map((d) => d.site)).toEqual(['https://other.example']);
    expect((await facts('r1')).deniedOrigins).toEqual(['https://other.example']);
    // The journal keeps the decision the user took on the card; only its standing for the run is gone.
    expect((await journal.read('r1'))!.approvals.find((a) => a.toolCallId === 't1')).toMatchObject({
      status: 'denied',
      denialRemovedAt: 99,
    });
  });
});
