/** What the routes are given: the world, injected, so tests build an app on their own database and embedder. */
import type { Embedder } from '../../retrieval/embedder-contract';
import type { Database } from '../db/database';
import type { Caller } from '../db/with-caller';
import type { IngestQueue } from '../ingest/ingest-queue';
import type { RateLimiter } from '../limits/rate-limit';

export interface ServerContext {
  db: Database;
  embedder: Embedder;
  /** The embedder's width, as registered for its HNSW index. */
  dims: number;
  queue: IngestQueue;
  queueCapacity: number;
  maxUploadBytes: number;
  rateLimiter: RateLimiter;
}

/** Hono's variables: the caller the auth step resolved. */
export interface ApiEnv {
  Variables: { caller: Caller };
}
