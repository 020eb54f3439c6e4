/** What the routes are given: the world, injected, so tests build an app on their own database and embedder. */
import type { OidcIssuer } from '../auth/oidc-issuer';
import type { Database } from '../db/database';
import type { EventFeed } from '../events/event-feed';
import type { Caller } from '../db/with-caller';
import type { IngestQueue } from '../ingest/ingest-queue';
import type { EarlyTake, RateLimiter } from '../limits/rate-limit';
import type { SearchModels } from '../search/search-models';
import type { KeySealer } from '../providers/seal-provider-key';
import type { SearchTraceWriter } from '../search/record-search-trace';

export interface ServerContext {
  db: Database;
  /** This instance's name in logs, /health and the events stream's first message. */
  instanceId: string;
  /** The embedders: the configured model, and the one searches read while a model change runs. */
  models: SearchModels;
  /** Wakes the events streams when something new may have committed (any instance). */
  events: EventFeed;
  queue: IngestQueue;
  queueCapacity: number;
  maxUploadBytes: number;
  rateLimiter: RateLimiter;
  /** Every search's trace, written in batches (/health flushes it before it reads). */
  traces: SearchTraceWriter;
  /** The team's identity provider; absent when sign-in with one is not configured. */
  oidc?: OidcIssuer;
  /** The server's address as browsers reach it (the IdP's callback is under it). */
  publicUrl: () => string;
  /** How long a sign-in session lasts. */
  sessionDays: number;
  /** Seals and opens team providers' keys; absent without TEAM_SERVER_SECRET (providers are then refused). */
  keySealer?: KeySealer;
  log: (line: string) => void;
}

/** Hono's variables: the caller the auth step resolved. */
export interface ApiEnv {
  /** `rateTaken`: the take the token's resolution made already (`bucketTakenWithToken`), if it made one. */
  Variables: { caller: Caller; rateTaken?: EarlyTake };
}
