/**
 * The ingestion counters, one set: kept by the background's queue (IndexedDB) and shown, as they are, in
 * the settings page's stats beside the engine's.
 */
import type { EngineStats } from './offscreen-protocol';

/** What the queue counts across worker restarts. */
export interface IngestCounters {
  /** Captures refused because the queue was full. */
  refused: number;
  lastRefusedAt?: number;
  lastRefusedUrl?: string;
  /** Why the last batch failed to index (cleared by the next success). */
  lastError?: string;
  lastErrorAt?: number;
  /** Pages indexed since remembering was first turned on. */
  indexed: number;
  /** When the last batch was indexed (shown as "last indexed 2 minutes ago"). */
  lastIndexedAt?: number;
}

/** The history index's state for the settings page: the engine's, the queue's, and the counters. */
export interface IngestStats extends EngineStats, IngestCounters {
  enabled: boolean;
  paused: boolean;
  queueDepth: number;
  queueLimit: number;
}
