/**
 * The audit outbox in real IndexedDB, in the activity database: an entry is written with its line in one
 * transaction (a line added once is queued once), read oldest first in batches, damaged values dropped and never
 * sent, removed only by id, the upload state kept, everything still there when the database is opened again
 * (a new worker), and an older database (version 1, lines only) upgraded without losing its lines.
 */
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import type { ActivityLine } from '../../../lib/agent/activity-line';
import { toAuditLine } from '../../../lib/agent/audit-line';
import { openActivityStore, openAuditOutbox } from '../../../lib/agent/idb-activity-store';

const NOW = Date.UTC(2026, 10, 20, 10);
const line = (id: string, at = NOW): ActivityLine => ({
  id,
  at,
  kind: 'fill',
  toolName: 'fill_form',
  site: 'https://shop.example',
  conversationId: 'a',
  runId: 'r1',
  approval: 'card',
  outcome: 'done',
  written: [{ field: 'Full name', value: 'Ada Lovelace' }],
  sent: 0,
});
const entryOf = (l: ActivityLine, queuedAt = l.at) => ({ id: l.id, teamId: 'red', queuedAt, line: toAuditLine(l) });

describe('IndexedDB audit outbox', () => {
  it('queues with the line, once; reads oldest first; drops damaged values; removes by id; survives reopening', async () => {
    const name = `activity-${crypto.randomUUID()}`;
    const store = openActivityStore(name);
    const outbox = openAuditOutbox(name);
    expect(await store.add(line('b', NOW + 10), entryOf(line('b', NOW + 10)))).toBe(true);
    expect(await store.add(line('a', NOW), entryOf(line('a', NOW)))).toBe(true);
    // The same line again (a restart logging it twice): neither the line nor its entry changes.
    expect(await store.add(line('a', NOW), { ...entryOf(line('a', NOW)), teamId: 'blue' })).toBe(false);
    await store.add(line('c', NOW + 20), entryOf(line('c', NOW + 20)));
    expect(await outbox.count()).toBe(3);

    const raw = await openDB(name);
    await raw.put('outbox', { id: 'broken', queuedAt: NOW + 1, line: { id: 'broken', note: 'page text' } });
    raw.close();

    // The damaged value is second oldest: dropped (never sent), the batch is the readable rest of the two.
    expect(await outbox.count()).toBe(4);
    const first = await outbox.take(2);
    expect(first.map((e) => e.id)).toEqual(['a']);
    expect(first[0]).toEqual({ id: 'a', teamId: 'red', queuedAt: NOW, line: toAuditLine(line('a')) });
    // The wire shape only: the values written stay in the local line.
    expect(JSON.stringify(first)).not.toContain('Ada Lovelace');
    expect(await outbox.count()).toBe(3);

    await outbox.remove(['a']);
    await outbox.setState({ attempts: 2, nextAttemptAt: NOW + 4000, lastError: 'Could not reach team.example.' });

    const again = openAuditOutbox(name);
    expect((await again.take(10)).map((e) => e.id)).toEqual(['b', 'c']);
    expect(await again.state()).toEqual({
      attempts: 2,
      nextAttemptAt: NOW + 4000,
      lastError: 'Could not reach team.example.',
    });
    expect((await openActivityStore(name).list()).lines.map((l) => l.id).sort()).toEqual(['a', 'b', 'c']);

    await again.clear();
    expect(await again.count()).toBe(0);
    expect(await again.state()).toEqual({ attempts: 0 });
  });

  it('a line added without an entry (signed out) is not queued', async () => {
    const name = `activity-${crypto.randomUUID()}`;
    await openActivityStore(name).add(line('x'));
    expect(await openAuditOutbox(name).count()).toBe(0);
  });

  it('upgrades a version-1 activity database (lines only) and keeps its lines', async () => {
    const name = `activity-${crypto.randomUUID()}`;
    const old = await openDB(name, 1, {
      upgrade(db) {
        db.createObjectStore('lines', { keyPath: 'id' });
        db.createObjectStore('meta');
      },
    });
    await old.put('lines', line('kept'));
    old.close();
    expect((await openActivityStore(name).list()).lines.map((l) => l.id)).toEqual(['kept']);
    const store = openActivityStore(name);
    await store.add(line('new'), entryOf(line('new')));
    expect((await openAuditOutbox(name).take(5)).map((e) => e.id)).toEqual(['new']);
  });
});
