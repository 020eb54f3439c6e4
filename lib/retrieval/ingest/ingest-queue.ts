/**
 * The durable, bounded capture queue. Entries live in IndexedDB until the engine confirms they are
 * indexed and persisted, so a worker killed mid-ingestion loses nothing; one entry per page, so a page
 * captured twice while waiting is indexed once.
 */
import type { IngestCounters } from '../ingest-stats';
import type { IngestDatabase, QueueEntry } from './ingest-db';

export type EnqueueResult = 'queued' | 'replaced' | 'full';

/** The queue's operations. */
export interface IngestQueue {
  /** Adds (or replaces the page's waiting entry); 'full' when `limit` entries wait and this page is not one. */
  enqueue(entry: QueueEntry, limit: number): Promise<EnqueueResult>;
  /** The oldest `n` entries. */
  peek(n: number): Promise<QueueEntry[]>;
  /** Removes `entry` unless a newer capture of the page replaced it meanwhile. */
  complete(entry: QueueEntry): Promise<void>;
  depth(): Promise<number>;
  /** Drops waiting entries matching `pred` (their pages are being deleted). */
  discard(pred: (entry: QueueEntry) => boolean): Promise<number>;
  counters(): Promise<IngestCounters>;
  updateCounters(change: (c: IngestCounters) => IngestCounters): Promise<IngestCounters>;
}

/** Creates the queue over the ingestion database. */
export function createIngestQueue(db: IngestDatabase): IngestQueue {
  return {
    async enqueue(entry, limit) {
      const tx = db.transaction('queue', 'readwrite');
      const existing = await tx.store.get(entry.key);
      if (!existing && (await tx.store.count()) >= limit) {
        await tx.done;
        return 'full';
      }
      await tx.store.put(entry);
      await tx.done;
      return existing ? 'replaced' : 'queued';
    },
    async peek(n) {
      return db.getAllFromIndex('queue', 'byCapturedAt', undefined, n);
    },
    async complete(entry) {
      const tx = db.transaction('queue', 'readwrite');
      const current = await tx.store.get(entry.key);
      if (current && current.capturedAt === entry.capturedAt) await tx.store.delete(entry.key);
      await tx.done;
    },
    depth: () => db.count('queue'),
    async discard(pred) {
      const tx = db.transaction('queue', 'readwrite');
      let n = 0;
      for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
        if (pred(cursor.value)) {
          await cursor.delete();
          n++;
        }
      }
      await tx.done;
      return n;
    },
    async counters() {
      return (await db.get('counters', 'counters')) ?? { refused: 0, indexed: 0 };
    },
    async updateCounters(change) {
      const tx = db.transaction('counters', 'readwrite');
      const next = change((await tx.store.get('counters')) ?? { refused: 0, indexed: 0 });
      await tx.store.put(next, 'counters');
      await tx.done;
      return next;
    },
  };
}
