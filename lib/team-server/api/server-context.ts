/** What the routes are given: the world, injected, so tests build an app on their own database and embedder. */
import type { Embedder } from '../../retrieval/embedder-contract';
import type { OidcIssuer } from '../auth/oidc-issuer';
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
  /** The team's identity provider; absent when sign-in with one is not configured. */
  oidc?: OidcIssuer;
  /** The server's address as browsers reach it (the IdP's callback is under it). */
  publicUrl: () => string;
  /** How long a sign-in session lasts. */
  sessionDays: number;
  log: (line: string) => void;
}

/** Hono's variables: the caller the auth step resolved. */
export interface ApiEnv {
  Variables: { caller: Caller };
}
