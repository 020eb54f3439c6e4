/**
 * Audit retention on every instance: lines older than the configured days are dropped at start and then every
 * hour (the delete is idempotent, so several instances doing it at once is harmless). A failure is logged and
 * retried at the next tick: retention never stops the server.
 */
import type pg from 'pg';
import { pruneAuditLines } from './audit-lines';

const HOUR_MS = 60 * 60 * 1000;

export function startAuditRetention(pool: pg.Pool, days: number, log: (line: string) => void, everyMs = HOUR_MS) {
  let stopped = false;
  const run = () => {
    if (stopped) return;
    pruneAuditLines(pool, days).then(
      (n) => n > 0 && log(`team-server: retention dropped ${n} audit lines older than ${days} days`),
      (error: unknown) => log(`team-server: audit retention failed (${(error as Error).message}); retried later`),
    );
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
