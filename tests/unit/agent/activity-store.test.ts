import { describe, expect, it } from 'vitest';
import type { ActivityLine } from '../../../lib/agent/activity-line';
import { activityLine, NOW } from './activity-fixtures';
import {
  createActivityStore,
  createMemoryActivityBackend,
  DEFAULT_RETENTION_DAYS,
  readLines,
} from '../../../lib/agent/activity-store';

const DAY = 24 * 60 * 60 * 1000;

const fresh = (seed: unknown[] = []) => {
  const backend = createMemoryActivityBackend(seed);
  return { backend, store: createActivityStore(backend) };
};

describe('activity store', () => {
  it('writes a line once: a second add of the same id changes nothing', async () => {
    const { store } = fresh();
    expect(await store.add(activityLine())).toBe(true);
    expect(await store.add(activityLine({ outcome: 'failed' }))).toBe(false);
    const page = await store.list();
    expect(page.lines).toHaveLength(1);
    expect(page.lines[0]!.outcome).toBe('done');
  });

  it('refuses to write a line its schema rejects', async () => {
    const { store } = fresh();
    await expect(store.add({ ...activityLine(), approval: 'maybe' } as unknown as ActivityLine)).rejects.toThrow();
    expect((await store.list()).total).toBe(0);
  });

  it('lists newest first, searches every word in site, tool, conversation and values, and counts what the limit hides', async () => {
    const { store } = fresh();
    await store.add(activityLine({ id: 'a', at: NOW - 3000 }));
    await store.add(
      activityLine({ id: 'b', at: NOW - 2000, site: 'https://bank.example', toolName: 'click', kind: 'click' }),
    );
    await store.add(activityLine({ id: 'c', at: NOW - 1000, conversationTitle: 'Book a train', written: [] }));
    expect((await store.list()).lines.map((l) => l.id)).toEqual(['c', 'b', 'a']);
    expect((await store.list({ text: 'BANK.example' })).lines.map((l) => l.id)).toEqual(['b']);
    expect((await store.list({ text: 'train' })).lines.map((l) => l.id)).toEqual(['c']);
    expect((await store.list({ text: 'ada lovelace' })).lines.map((l) => l.id)).toEqual(['b', 'a']);
    expect((await store.list({ text: 'click bank' })).lines.map((l) => l.id)).toEqual(['b']);
    expect((await store.list({ text: 'click train' })).lines).toEqual([]);
    const limited = await store.list({ limit: 2 });
    expect(limited).toMatchObject({ matched: 3, total: 3, corrupt: 0 });
    expect(limited.lines.map((l) => l.id)).toEqual(['c', 'b']);
  });

  it('skips and counts stored values that fail the schema, never crashing on them', async () => {
    const { store } = fresh([
      activityLine({ id: 'good' }),
      { ...activityLine({ id: 'bad-kind' }), kind: 'explode' },
      'not even an object',
      null,
      { id: 'half' },
    ]);
    const page = await store.list();
    expect(page.lines.map((l) => l.id)).toEqual(['good']);
    expect(page).toMatchObject({ total: 1, corrupt: 4 });
    expect(await store.prune(NOW)).toBe(0);
    expect(await store.forgetConversation('conv-1')).toBe(1);
    expect(readLines([{}, activityLine()]).corrupt).toBe(1);
  });

  it(`keeps ${DEFAULT_RETENTION_DAYS} days by default, then the days set (within 1 and 3650)`, async () => {
    const { store } = fresh();
    await store.add(activityLine({ id: 'old', at: NOW - 91 * DAY }));
    await store.add(activityLine({ id: 'edge', at: NOW - 89 * DAY }));
    await store.add(activityLine({ id: 'new', at: NOW - DAY }));
    expect(await store.retentionDays()).toBe(90);
    expect(await store.prune(NOW)).toBe(1);
    expect((await store.list()).lines.map((l) => l.id)).toEqual(['new', 'edge']);
    expect(await store.setRetentionDays(7)).toBe(7);
    expect(await store.prune(NOW)).toBe(1);
    expect((await store.list()).lines.map((l) => l.id)).toEqual(['new']);
    expect(await store.setRetentionDays(0)).toBe(1);
    expect(await store.setRetentionDays(100_000)).toBe(3650);
  });

  it('deleting a conversation keeps its lines but drops their page text; other conversations keep theirs', async () => {
    const { store } = fresh();
    await store.add(activityLine({ id: 'mine', reason: 'Field "Secret plan" is gone' }));
    await store.add(activityLine({ id: 'other', conversationId: 'conv-2' }));
    expect(await store.forgetConversation('conv-1')).toBe(1);
    const [other, mine] = (await store.list()).lines.sort((a, b) => (a.id < b.id ? -1 : 1)).reverse();
    expect(mine).toEqual({
      id: 'mine',
      at: NOW,
      kind: 'fill',
      toolName: 'fill_form',
      site: 'https://shop.example',
      conversationId: 'conv-1',
      conversationTitle: 'Order the blue mug',
      runId: 'run-1',
      approval: 'card',
      outcome: 'done',
      pageTextDropped: true,
      sent: 0,
    });
    expect(JSON.stringify(mine)).not.toMatch(/Ada|Place order|checkout|Secret plan/);
    expect(other!.written).toEqual([{ field: 'Full name (fullName)', value: 'Ada Lovelace' }]);
    // Again: nothing more to drop.
    expect(await store.forgetConversation('conv-1')).toBe(0);
  });

  it('clear deletes every line', async () => {
    const { store } = fresh();
    await store.add(activityLine({ id: 'a' }));
    await store.add(activityLine({ id: 'b' }));
    await store.clear();
    expect((await store.list()).total).toBe(0);
  });

  it('has an outbox: unsent lines oldest first, each marked sent once taken', async () => {
    const { store } = fresh();
    await store.add(activityLine({ id: 'late', at: NOW }));
    await store.add(activityLine({ id: 'early', at: NOW - 10 }));
    expect((await store.unsent(10)).map((l) => l.id)).toEqual(['early', 'late']);
    await store.markSent(['early']);
    expect((await store.unsent(10)).map((l) => l.id)).toEqual(['late']);
    // A line sent is never offered again, even if its call were recorded a second time.
    expect(await store.add(activityLine({ id: 'early' }))).toBe(false);
    expect((await store.unsent(10)).map((l) => l.id)).toEqual(['late']);
  });
});
