/**
 * Sends the audit outbox to the team server (issue 27, "Activity"): batches of one team's oldest lines, each
 * entry removed only once the server acknowledged its id, so a worker killed mid-upload sends the batch again
 * and the server, which stores a line once by id, keeps it once. A failed try waits (exponential backoff, or the
 * server's Retry-After when longer) and an alarm wakes the worker for the next one; the wait is stored, so a woken
 * worker neither retries early nor forgets to retry. Signed out, the lines wait.
 */
import type { AuditLine } from '../agent/audit-line';
import type { AuditOutbox, UploadState } from '../agent/audit-outbox';
import { isTeamServerFailure } from '../tools/team/team-client';
import type { TeamCredentials } from '../tools/team/team-connection-store';
import { t } from '../util/t';

export const AUDIT_UPLOAD_ALARM = 'tabwise-audit-upload';
export const AUDIT_UPLOAD_BATCH = 100;
export const AUDIT_BACKOFF = { baseMs: 2_000, maxMs: 10 * 60_000 } as const;
/** Signed out with lines waiting: look again this often (signing in again sends them without a new line). */
export const AUDIT_SIGNED_OUT_RECHECK_MS = 15 * 60_000;

export interface AuditUploaderDeps {
  outbox: AuditOutbox;
  /** Where and as whom to send (undefined: signed out, nothing is sent). */
  credentials(): Promise<TeamCredentials | undefined>;
  /** Sends one team's lines; resolves the acknowledged ids (a TeamServerFailure when it fails). */
  send(creds: TeamCredentials, teamId: string, lines: AuditLine[]): Promise<string[]>;
  now(): number;
  /** Wakes the worker at `at` for the next try (an alarm; Chrome may run it later, never lost). */
  wakeAt(at: number): Promise<void>;
  /** Tries again at `at` while this worker lives (a timer), for waits shorter than an alarm allows. */
  retryAt?(at: number, run: () => void): void;
  batchSize?: number;
}

export interface AuditUploader {
  /**
   * Sends what waits, unless a backoff says not yet (then makes sure the worker wakes for it). One run at a
   * time: a call while one runs joins it.
   */
  flush(): Promise<void>;
  state(): Promise<UploadState>;
}

/** How long to wait after `attempts` failed tries in a row, or the server's wait when it asked for longer. */
export function backoffMs(attempts: number, retryAfterS?: number): number {
  const exp = Math.min(AUDIT_BACKOFF.maxMs, AUDIT_BACKOFF.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.max(exp, (retryAfterS ?? 0) * 1000);
}

const shownOf = (error: unknown) => (isTeamServerFailure(error) ? error.shown : t('activity_upload_failed_unknown'));

export function createAuditUploader(deps: AuditUploaderDeps): AuditUploader {
  const size = deps.batchSize ?? AUDIT_UPLOAD_BATCH;
  let running: Promise<void> | undefined;

  const schedule = async (at: number) => {
    await deps.wakeAt(at);
    deps.retryAt?.(at, () => void flush());
  };

  async function drain(): Promise<void> {
    const state = await deps.outbox.state();
    if (state.nextAttemptAt !== undefined && state.nextAttemptAt > deps.now()) {
      if ((await deps.outbox.count()) > 0) await schedule(state.nextAttemptAt);
      return;
    }
    const creds = await deps.credentials();
    if (!creds) {
      if ((await deps.outbox.count()) > 0) await deps.wakeAt(deps.now() + AUDIT_SIGNED_OUT_RECHECK_MS);
      return;
    }
    let attempts = state.attempts;
    for (;;) {
      const entries = await deps.outbox.take(size);
      if (!entries.length) return;
      const teamId = entries[0]!.teamId;
      const batch = entries.filter((e) => e.teamId === teamId);
      try {
        const acked = await deps.send(
          creds,
          teamId,
          batch.map((e) => e.line),
        );
        const sent = new Set(batch.map((e) => e.id));
        const taken = acked.filter((id) => sent.has(id));
        // A reply that takes nothing of the batch would loop for ever: treat it as a failed try.
        if (!taken.length) throw new Error('the server acknowledged none of the batch');
        await deps.outbox.remove(taken);
        attempts = 0;
        await deps.outbox.setState({ attempts: 0, lastSentAt: deps.now() });
      } catch (error) {
        attempts += 1;
        const retryAfterS = isTeamServerFailure(error) ? error.retryAfterS : undefined;
        const next = deps.now() + backoffMs(attempts, retryAfterS);
        await deps.outbox.setState({
          attempts,
          nextAttemptAt: next,
          lastError: shownOf(error).slice(0, 500),
          ...(state.lastSentAt !== undefined ? { lastSentAt: state.lastSentAt } : {}),
        });
        await schedule(next);
        return;
      }
    }
  }

  let again = false;
  // A call while a run is on asks for one more pass after it: a line queued after its last read is not left behind.
  const flush = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await drain();
        } while (again);
      } finally {
        running = undefined;
      }
    })();
    return running;
  };

  return { flush, state: () => deps.outbox.state() };
}
