/**
 * The ingestion queue: pg-boss in the same Postgres (its own schema), bounded. pg-boss talks through the
 * server's pool (its `db` adapter), so on the embedded database it shares the one connection like everything
 * else. Past `capacity` waiting jobs an upload is refused with a retry time instead of growing the backlog;
 * each failed attempt is written on the document, and the last one leaves it 'failed', visibly.
 */
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { recordIndexFailure, type IngestJob } from './index-document';

const QUEUE = 'tabwise-ingest';

export interface IngestQueueOptions {
  pool: pg.Pool;
  /** Jobs waiting (created or due for a retry) past which `enqueue` refuses. */
  capacity: number;
  /** Attempts after the first. Default 3. */
  retryLimit?: number;
  /** Seconds before the first retry, doubled each time. Default 5. */
  retryDelaySeconds?: number;
  /** How often an idle worker looks for a job. Default 1 s. */
  pollingIntervalSeconds?: number;
  /** Indexes one document; a throw is a failed attempt. */
  process: (job: IngestJob) => Promise<unknown>;
}

/** Queued, or refused with how long to wait. */
export type EnqueueOutcome = { queued: true; jobId: string } | { queued: false; retryAfterSeconds: number };

export interface IngestQueue {
  start(): Promise<void>;
  enqueue(job: IngestJob): Promise<EnqueueOutcome>;
  /** Jobs waiting now (not counting the ones being worked on). */
  depth(): Promise<number>;
  stop(): Promise<void>;
}

/** How long a refused uploader should wait: about the backlog above capacity at a job a second, at least 5 s. */
export const retryAfterSeconds = (waiting: number, capacity: number) =>
  Math.min(300, 5 + Math.max(0, waiting - capacity));

export function createIngestQueue(options: IngestQueueOptions): IngestQueue {
  const { pool, capacity } = options;
  const retryLimit = options.retryLimit ?? 3;
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => pool.query(text, values) },
    schema: 'tabwise_queue',
    // No cron schedules: the queue only needs pg-boss's maintenance (expiry, retention).
    schedule: false,
  });
  boss.on('error', (error: Error) => console.warn(`team-server: queue: ${error.message}`));
  const depth = () => boss.getQueueSize(QUEUE);
  return {
    async start() {
      await boss.start();
      if (!(await boss.getQueue(QUEUE)))
        await boss.createQueue(QUEUE, {
          name: QUEUE,
          retryLimit,
          retryDelay: options.retryDelaySeconds ?? 5,
          retryBackoff: true,
          expireInSeconds: 15 * 60,
        });
      await boss.work<IngestJob>(
        QUEUE,
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
        async ([job]) => {
          if (!job) return;
          try {
            return await options.process(job.data);
          } catch (error) {
            await recordIndexFailure(pool, job.data, error, job.retryCount >= job.retryLimit).catch(() => undefined);
            throw error;
          }
        },
      );
    },
    async enqueue(job) {
      const waiting = await depth();
      if (waiting >= capacity) return { queued: false, retryAfterSeconds: retryAfterSeconds(waiting, capacity) };
      const jobId = await boss.send(QUEUE, job);
      if (!jobId) throw new Error('the queue did not accept the job');
      return { queued: true, jobId };
    },
    depth,
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
