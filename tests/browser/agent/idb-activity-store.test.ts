/** The Activity log in real IndexedDB: written once by id, damaged values skipped and counted, pruned, forgotten, kept across reopen. */
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import type { ActivityLine } from '../../../lib/agent/activity-line';
import { openActivityStore } from '../../../lib/agent/idb-activity-store';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 5, 1);
const line = (over: Partial<ActivityLine> = {}): ActivityLine => ({
  id: 'r1:c1',
  at: NOW,
  kind: 'fill',
  toolName: 'fill_form',
  site: 'https://shop.example',
  conversationId: 'a',
  runId: 'r1',
  approval: 'card',
  outcome: 'done',
  written: [{ field: 'Full name', value: 'Ada Lovelace' }],
  sent: 0,
  ...over,
});

describe('IndexedDB activity store', () => {
  it('keeps lines by id once, skips damaged values, prunes, forgets page text and keeps the days set', async () => {
    const name = `activity-${crypto.randomUUID()}`;
    const store = openActivityStore(name);
    expect(await store.add(line())).toBe(true);
    expect(await store.add(line({ outcome: 'failed' }))).toBe(false);
    await store.add(line({ id: 'old', at: NOW - 100 * DAY }));
    await store.add(line({ id: 'b', conversationId: 'b', at: NOW - DAY }));

    // A value written behind the store's back (an older build, a damaged disk).
    const raw = await openDB(name);
    await raw.put('lines', { id: 'broken', at: 'yesterday' });
    raw.close();

    const page = await store.list();
    expect(page).toMatchObject({ total: 3, corrupt: 1 });
    expect(page.lines.map((l) => l.id)).toEqual(['r1:c1', 'b', 'old']);
    expect(page.lines[0]!.outcome).toBe('done');

    expect(await store.prune(NOW)).toBe(1);
    expect(await store.forgetConversation('a')).toBe(1);
    await store.setRetentionDays(30);

    const again = openActivityStore(name);
    expect(await again.retentionDays()).toBe(30);
    const lines = (await again.list()).lines;
    expect(lines.map((l) => l.id)).toEqual(['r1:c1', 'b']);
    expect(lines[0]).toMatchObject({ pageTextDropped: true });
    expect(lines[0]!.written).toBeUndefined();
    expect(lines[1]!.written).toEqual([{ field: 'Full name', value: 'Ada Lovelace' }]);

    await again.markSent(['b']);
    expect((await again.unsent(10)).map((l) => l.id)).toEqual(['r1:c1']);
    await again.clear();
    expect((await again.list()).total).toBe(0);
  });
});
