/**
 * The alarms of the indexing orchestrator: a killed worker is woken by them, so their names must stay
 * the same across versions (an alarm set by the old worker wakes the new one).
 */

/** The alarm that wakes a killed worker to finish draining the queue. */
export const INGEST_ALARM = 'tabwise-ingest';
/** The daily alarm that applies retention even on days nothing new is captured. */
export const RETENTION_ALARM = 'tabwise-retention';
