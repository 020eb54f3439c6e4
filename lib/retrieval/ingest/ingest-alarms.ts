/**
 * The indexing orchestrator's alarms, named in one place: the service sets and clears them, and the
 * background (create-history-feature.ts) answers them by these names when they wake a worker.
 */

/** The alarm that wakes a killed worker to finish draining the queue. */
export const INGEST_ALARM = 'tabwise-ingest';
/** The daily alarm that applies retention even on days nothing new is captured. */
export const RETENTION_ALARM = 'tabwise-retention';
