/**
 * The team server's composition root: the database (migrated, its isolation checked), the embedders and the
 * model state, the ingestion queue and its workers, the events feed, and the HTTP API. Everything a test needs to
 * replace (the embedders, the queue's timings, a database shared by several instances) is an option.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import pg from 'pg';
import type { MiddlewareHandler } from 'hono';
import type { Embedder } from '../retrieval/embedder-contract';
import { createApp } from './api/create-app';
import { createOidcIssuer } from './auth/oidc-issuer';
import type { ApiEnv, ServerContext } from './api/server-context';
import type { TeamServerConfig } from './config';
import { findIsolationProblems } from './db/check-isolation';
import type { Database } from './db/database';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open-database';
import { withOwner } from './db/with-caller';
import { createEventFeed } from './events/event-feed';
import { indexDocument } from './ingest/index-document';
import { createIngestQueue, type IngestQueueOptions } from './ingest/ingest-queue';
import { loadModels, resumeModelChange } from './ingest/load-models';
import { recordReembedFailure, reembedDocument } from './ingest/model-change';
import { createRateLimiter } from './limits/rate-limit';
import { createSearchTraceWriter } from './search/record-search-trace';
import { bootstrapFirstAdmin } from './people/operator-tasks';
import { startAuditRetention } from './audit/audit-retention';
import { createKeySealer } from './providers/seal-provider-key';

export interface StartOptions {
  embedder?: Embedder;
  /** The model searches read while a model change runs (else loaded by the id and dtype the database recorded). */
  previousEmbedder?: Embedder;
  queue?: Pick<IngestQueueOptions, 'retryLimit' | 'retryDelaySeconds' | 'pollingIntervalSeconds'>;
  /**
   * A database another instance opened (several instances on one database in one process, for tests and the
   * bench): this instance uses it and leaves it open when it closes.
   */
  database?: Database;
  /** How often an instance on the embedded database polls for events (ms). */
  eventPollMs?: number;
  /** Named in /health and the events stream; default a random id. */
  instanceId?: string;
  /** Runs before every route (tests use it to hold a request in flight). */
  middleware?: MiddlewareHandler<ApiEnv>;
  log?: (line: string) => void;
}

export interface RunningTeamServer {
  url: string;
  ctx: ServerContext;
  /** The first admin's token, when this start created them (printed once, never stored). */
  bootstrapToken?: string;
  close(): Promise<void>;
  /** Stops at once, as a crash would: connections cut, the queue's worker stopped without waiting. */
  kill(): Promise<void>;
}

export async function startTeamServer(
  config: TeamServerConfig,
  options: StartOptions = {},
): Promise<RunningTeamServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const db = options.database ?? (await openDatabase(config));
  const closeDb = options.database ? async () => {} : () => db.close();
  try {
    const applied = await migrate(db.pool);
    if (applied.length) log(`team-server: applied migrations ${applied.join(', ')}`);
    const problems = await findIsolationProblems(db.pool);
    if (problems.length) throw new Error(`row-level security would not hold: ${problems.join('; ')}`);
    const boot = config.bootstrap
      ? await withOwner(db.pool, (tx) => bootstrapFirstAdmin(tx, config.bootstrap!.email, config.bootstrap!.team))
      : undefined;
    const models = await loadModels({ pool: db.pool, config: config.model, ...options, log });
    const queue = createIngestQueue({
      pool: db.pool,
      capacity: config.queueCapacity,
      ...options.queue,
      process: async (job) => indexDocument(db.pool, await models.forIndexing(), job),
      reembed: {
        process: (job) => reembedDocument(db.pool, models.target, job),
        failed: (job, error, final) => recordReembedFailure(db.pool, job, error, final),
      },
    });
    await queue.start();
    await resumeModelChange(db.pool, queue, models, models.changing);
    const events = createEventFeed({
      pool: db.pool,
      mode: db.kind === 'external' && config.databaseUrl ? config.events : 'poll',
      connect: async () => {
        const client = new pg.Client({ connectionString: config.databaseUrl });
        await client.connect();
        return client;
      },
      ...(options.eventPollMs ? { pollMs: options.eventPollMs } : {}),
    });
    // Known once the server listens (port 0 in tests); read only by requests, which come after.
    let port = config.port;
    const traces = createSearchTraceWriter(db.pool, { log });
    const ctx: ServerContext = {
      db,
      instanceId: options.instanceId ?? randomUUID().slice(0, 8),
      models,
      events,
      queue,
      queueCapacity: config.queueCapacity,
      maxUploadBytes: config.maxUploadBytes,
      rateLimiter: createRateLimiter(db.pool, config.rateLimits),
      traces,
      ...(config.oidc ? { oidc: createOidcIssuer(config.oidc) } : {}),
      publicUrl: () => config.publicUrl ?? `http://${config.host}:${port}`,
      sessionDays: config.sessionDays,
      ...(config.secret ? { keySealer: createKeySealer(config.secret) } : {}),
      log,
    };
    const retention = startAuditRetention(db.pool, config.auditRetentionDays, log);
    if (!config.secret) log('team-server: no TEAM_SERVER_SECRET, so team providers and the pass-through are off');
    const app = createApp(ctx, options.middleware);
    const server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
    });
    ({ port } = server.address() as AddressInfo);
    const url = `http://${config.host}:${port}`;
    log(
      `team-server: listening on ${url} (${db.kind} database, model ${models.target.modelId}, events ${events.mode})`,
    );
    const cut = () => {
      // Keep-alive sockets and open event streams would hold the server open for minutes (ENVIRONMENT.md).
      if ('closeAllConnections' in server) server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    };
    return {
      url,
      ctx,
      ...(boot ? { bootstrapToken: boot.token } : {}),
      async close() {
        retention.stop();
        await events.stop();
        await cut();
        await traces.close();
        await queue.stop();
        await closeDb();
      },
      async kill() {
        retention.stop();
        await events.stop();
        await cut();
        await traces.close().catch(() => undefined);
        await queue.stop({ graceful: false });
      },
    };
  } catch (error) {
    await closeDb().catch(() => undefined);
    throw error;
  }
}
