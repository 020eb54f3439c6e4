/**
 * The ingestion queue: pg-boss in the same Postgres (its own schema), bounded. pg-boss talks through the
 * server's pool (its `db` adapter), so on the embedded database it shares the one connection like everything
 * else. Past `capacity` waiting jobs an upload is refused with a retry time instead of growing the backlog;
 * each failed attempt is written on the document, and the last one leaves it 'failed', visibly. Re-embedding after
 * a model change has its own queue, so a backlog of it never counts against uploads' capacity.
 */
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { recordIndexFailure, type IngestJob } from './index-document';

const QUEUE = 'tabwise-ingest';
const REEMBED_QUEUE = 'tabwise-reembed';

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
  /** Re-embeds one document with the model being moved to; `final` on the failure that leaves no retry. */
  reembed?: {
    process: (job: IngestJob) => Promise<unknown>;
    failed: (job: IngestJob, error: unknown, final: boolean) => Promise<void>;
  };
}

/** Queued, or refused with how long to wait. */
export type EnqueueOutcome = { queued: true; jobId: string } | { queued: false; retryAfterSeconds: number };

export interface IngestQueue {
  start(): Promise<void>;
  enqueue(job: IngestJob): Promise<EnqueueOutcome>;
  /** Jobs waiting now (not counting the ones being worked on). */
  depth(): Promise<number>;
  /** Queues re-embedding jobs (no capacity: the model change's whole backlog is known and bounded). */
  enqueueReembed(jobs: IngestJob[]): Promise<void>;
  /** Re-embedding jobs not done yet (waiting, due for a retry, or being worked on). */
  reembedPending(): Promise<number>;
  /**
   * Stops the workers. Graceful (the default) waits for jobs in flight; not graceful fails them at once, so any
   * instance retries them (what pg-boss's expiry does, 15 min later, for an instance that crashed).
   */
  stop(options?: { graceful?: boolean }): Promise<void>;
}

/** Errors that say the database is not there (restarting, a connection cut), not that the job is bad. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
]);
export const isDatabaseUnreachable = (error: unknown): boolean => {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (typeof e?.code === 'string' && UNREACHABLE_CODES.has(e.code)) return true;
  const message = typeof e?.message === 'string' ? e.message : '';
  return /Connection terminated|connection error|timeout exceeded when trying to connect/i.test(message);
};

/**
 * Runs a job's step again while the database is unreachable, for up to `maxMs`: a database restart mid-ingest
 * must neither lose the job (pg-boss could not even record the failure then, and would wait for the job's
 * expiry) nor count as the job's fault. Any other error is the job's failed attempt.
 */
export async function whileUnreachable<T>(step: () => Promise<T>, maxMs = 60_000, pauseMs = 500): Promise<T> {
  const end = Date.now() + maxMs;
  for (;;) {
    try {
      return await step();
    } catch (error) {
      if (!isDatabaseUnreachable(error) || Date.now() > end) throw error;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
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
  const reembedRetry = { retryLimit, retryDelay: options.retryDelaySeconds ?? 5, retryBackoff: true };
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
      if (options.reembed && !(await boss.getQueue(REEMBED_QUEUE)))
        await boss.createQueue(REEMBED_QUEUE, { name: REEMBED_QUEUE, ...reembedRetry, expireInSeconds: 15 * 60 });
      // pg-boss waits a whole polling interval after every fetch, even one that found a job: a worker told that
      // it just did one fetches the next at once, so a backlog drains at the speed of the work, not one a second.
      let ingestWorker = '';
      ingestWorker = await boss.work<IngestJob>(
        QUEUE,
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
        async ([job]) => {
          if (!job) return;
          try {
            return await whileUnreachable(() => options.process(job.data));
          } catch (error) {
            await recordIndexFailure(pool, job.data, error, job.retryCount >= job.retryLimit).catch(() => undefined);
            throw error;
          } finally {
            boss.notifyWorker(ingestWorker);
          }
        },
      );
      const reembed = options.reembed;
      let reembedWorker = '';
      if (reembed)
        reembedWorker = await boss.work<IngestJob>(
          REEMBED_QUEUE,
          { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
          async ([job]) => {
            if (!job) return;
            try {
              return await whileUnreachable(() => reembed.process(job.data));
            } catch (error) {
              await reembed.failed(job.data, error, job.retryCount >= job.retryLimit).catch(() => undefined);
              throw error;
            } finally {
              boss.notifyWorker(reembedWorker);
            }
          },
        );
    },
    async enqueueReembed(jobs) {
      for (let i = 0; i < jobs.length; i += 500)
        await boss.insert(jobs.slice(i, i + 500).map((data) => ({ name: REEMBED_QUEUE, data, ...reembedRetry })));
    },
    reembedPending: () => boss.getQueueSize(REEMBED_QUEUE, { before: 'completed' }),
    async enqueue(job) {
      const waiting = await depth();
      if (waiting >= capacity) return { queued: false, retryAfterSeconds: retryAfterSeconds(waiting, capacity) };
      const jobId = await boss.send(QUEUE, job);
      if (!jobId) throw new Error('the queue did not accept the job');
      return { queued: true, jobId };
    },
    depth,
    async stop({ graceful = true } = {}) {
      await boss.stop({ graceful, wait: true, timeout: 10_000 });
    },
  };
}
