import { describe, expect, it } from 'vitest';
import { openIngestDb, type QueueEntry } from '../../../../lib/retrieval/ingest/ingest-db';
import { createIngestQueue } from '../../../../lib/retrieval/ingest/ingest-queue';
import { createIndexSettingsStore } from '../../../../lib/retrieval/ingest/index-settings-store';

const entry = (key: string, capturedAt: number): QueueEntry => ({
  key,
  url: key,
  title: key,
  lang: 'en',
  text: 'text',
  hash: 'abcdef12',
  visitedAt: capturedAt,
  capturedAt,
});

describe('durable ingestion queue', () => {
  it('is bounded (refuses, never drops), keeps one entry per page, and completes only what was sent', async () => {
    const db = await openIngestDb(`queue-test-${Math.random()}`);
    const q = createIngestQueue(db);
    expect(await q.enqueue(entry('https://a.test/1', 1), 2)).toBe('queued');
    expect(await q.enqueue(entry('https://a.test/2', 2), 2)).toBe('queued');
    expect(await q.enqueue(entry('https://a.test/3', 3), 2)).toBe('full');
    // A page already waiting may still be updated when the queue is full.
    expect(await q.enqueue(entry('https://a.test/1', 4), 2)).toBe('replaced');
    expect((await q.peek(10)).map((e) => e.key)).toEqual(['https://a.test/2', 'https://a.test/1']);
    // The sent version of /1 was replaced meanwhile: completing the old one keeps the new one.
    await q.complete(entry('https://a.test/1', 1));
    expect(await q.depth()).toBe(2);
    await q.complete(entry('https://a.test/1', 4));
    expect(await q.discard((e) => e.key.endsWith('/2'))).toBe(1);
    expect(await q.depth()).toBe(0);
    expect(await q.updateCounters((c) => ({ ...c, refused: c.refused + 1 }))).toMatchObject({ refused: 1, indexed: 0 });
  });

  it('settings: off by default, validated updates', async () => {
    const store = createIndexSettingsStore(await openIngestDb(`settings-test-${Math.random()}`));
    expect(await store.get()).toMatchObject({
      enabled: false,
      dwellMs: 5000,
      retentionDays: 90,
      grounding: 'off',
      model: { id: 'Xenova/all-MiniLM-L6-v2', allowRemote: true },
    });
    expect((await store.update({ enabled: true, deniedDomains: [' Example.COM '] })).deniedDomains).toEqual([
      'example.com',
    ]);
    await expect(store.update({ dwellMs: -1 })).rejects.toThrow();
  });
});
