/**
 * The team server's composition root: the database (migrated, its isolation checked), the embedder and its
 * model's index, the ingestion queue and its worker, and the HTTP API. Everything a test needs to replace
 * (the embedder, the queue's timings) is an option.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { Embedder } from '../retrieval/embedder-contract';
import { createApp } from './api/create-app';
import { createOidcIssuer } from './auth/oidc-issuer';
import type { ServerContext } from './api/server-context';
import type { TeamServerConfig } from './config';
import { findIsolationProblems } from './db/check-isolation';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open-database';
import { withOwner } from './db/with-caller';
import { ensureModelIndex } from './ingest/ensure-model-index';
import { indexDocument } from './ingest/index-document';
import { createIngestQueue, type IngestQueueOptions } from './ingest/ingest-queue';
import { loadServerEmbedder } from './ingest/server-embedder';
import { createRateLimiter } from './limits/rate-limit';
import { bootstrapFirstAdmin } from './people/operator-tasks';

export interface StartOptions {
  embedder?: Embedder;
  queue?: Pick<IngestQueueOptions, 'retryLimit' | 'retryDelaySeconds' | 'pollingIntervalSeconds'>;
  log?: (line: string) => void;
}

export interface RunningTeamServer {
  url: string;
  ctx: ServerContext;
  /** The first admin's token, when this start created them (printed once, never stored). */
  bootstrapToken?: string;
  close(): Promise<void>;
}

export async function startTeamServer(
  config: TeamServerConfig,
  options: StartOptions = {},
): Promise<RunningTeamServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const db = await openDatabase(config);
  try {
    const applied = await migrate(db.pool);
    if (applied.length) log(`team-server: applied migrations ${applied.join(', ')}`);
    const problems = await findIsolationProblems(db.pool);
    if (problems.length) throw new Error(`row-level security would not hold: ${problems.join('; ')}`);
    const boot = config.bootstrap
      ? await withOwner(db.pool, (tx) => bootstrapFirstAdmin(tx, config.bootstrap!.email, config.bootstrap!.team))
      : undefined;
    const embedder = options.embedder ?? (await loadServerEmbedder(config.model));
    const dims = embedder.dims;
    await ensureModelIndex(db.pool, embedder.modelId, dims);
    const queue = createIngestQueue({
      pool: db.pool,
      capacity: config.queueCapacity,
      ...options.queue,
      process: (job) => indexDocument(db.pool, embedder, job),
    });
    await queue.start();
    // Known once the server listens (port 0 in tests); read only by requests, which come after.
    let port = config.port;
    const ctx: ServerContext = {
      db,
      embedder,
      dims,
      queue,
      queueCapacity: config.queueCapacity,
      maxUploadBytes: config.maxUploadBytes,
      rateLimiter: createRateLimiter(db.pool, config.rateLimits),
      ...(config.oidc ? { oidc: createOidcIssuer(config.oidc) } : {}),
      publicUrl: () => config.publicUrl ?? `http://${config.host}:${port}`,
      sessionDays: config.sessionDays,
      log,
    };
    const app = createApp(ctx);
    const server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
    });
    ({ port } = server.address() as AddressInfo);
    const url = `http://${config.host}:${port}`;
    log(`team-server: listening on ${url} (${db.kind} database, model ${embedder.modelId})`);
    return {
      url,
      ctx,
      ...(boot ? { bootstrapToken: boot.token } : {}),
      async close() {
        // Keep-alive sockets would hold the server open for minutes (ENVIRONMENT.md).
        if ('closeAllConnections' in server) server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await queue.stop();
        await db.close();
      },
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
