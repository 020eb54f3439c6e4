/**
 * The Runs view, under the panel's task list: scheduled runs, upcoming and past, with their outcome, time, tokens
 * and cost; a past run opens its conversation here, where its cards can be answered.
 */
import { useEffect, useState } from 'preact/hooks';
import { sendToBackground } from '../../lib/background/send-to-background';
import type { ScheduledRunView, ScheduledRunsView } from '../../lib/background/protocol';
import type { MessageRecord } from '../../lib/storage/records';
import { describeAnswerUsage } from '../ui/describe-usage';
import { t } from '../ui/t';

const when = (at: number) => new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function outcomeOf(r: ScheduledRunView): string {
  switch (r.status) {
    case 'starting':
    case 'running':
      return t('runs_status_running');
    case 'waiting':
      return t('runs_status_waiting');
    case 'done':
      return r.answer?.status === 'error' ? t('runs_status_failed') : t('runs_status_done');
    case 'failed':
      return t('runs_status_failed');
    case 'stopped':
      return t('runs_status_stopped');
    case 'skipped':
      return t('runs_status_skipped');
  }
}

function PastRun({ run, onOpen }: { run: ScheduledRunView; onOpen(id: string): void }) {
  const usage = run.answer && describeAnswerUsage(run.answer as MessageRecord);
  return (
    <li data-run-status={run.status}>
      <span class="item-main">
        <strong>
          {outcomeOf(run)} · /{run.taskName}
        </strong>
        <span class="item-detail">
          {when(run.startedAt ?? run.slot)}
          {run.missed ? ` · ${t('runs_missed')}` : ''}
        </span>
        {usage && (
          <span class="item-detail">
            {usage.tokens}
            {usage.cost ? ` · ${usage.cost}` : ''}
          </span>
        )}
        {run.note && <span class="item-detail">{run.note}</span>}
      </span>
      {run.conversationId && (
        <button
          type="button"
          aria-label={t('runs_open_named', `/${run.taskName}`)}
          onClick={() => onOpen(run.conversationId!)}
        >
          {t('runs_open')}
        </button>
      )}
    </li>
  );
}

export function RunsList({ onOpen }: { onOpen(conversationId: string): void }) {
  const [view, setView] = useState<ScheduledRunsView | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    sendToBackground('schedules.runs', {}).then(setView, (e: unknown) =>
      setError(e instanceof Error ? e.message : String(e)),
    );
  }, []);
  if (error) return <p role="alert">{error}</p>;
  if (!view || (view.runs.length === 0 && view.upcoming.length === 0)) return null;
  return (
    <section class="runs-list" aria-label={t('runs_title')}>
      <h3>{t('runs_title')}</h3>
      <ul>
        {view.upcoming.map((u) => (
          <li key={`${u.taskId}@${u.at}`} data-run-status="upcoming">
            <span class="item-main">
              <strong>
                {t('runs_status_upcoming')} · /{u.taskName}
              </strong>
              <span class="item-detail">{when(u.at)}</span>
            </span>
          </li>
        ))}
        {view.runs.map((r) => (
          <PastRun key={r.key} run={r} onOpen={onOpen} />
        ))}
      </ul>
    </section>
  );
}
