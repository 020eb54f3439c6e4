/**
 * Follows scheduled runs through the runtime's events: the run's id once it starts, "waiting" while a card or a
 * step-limit pause waits for the user (and a notification saying so), and the outcome when it finishes. A worker
 * that wakes rebuilds what it follows from the records, so a run resumed after a kill is still followed.
 */
import type { AgentEvent } from '../agent/agent-event';
import type { RunFinishReason } from '../core/run-part';
import type { ConversationStore } from '../storage/conversation-store';
import type { ScheduledRun, ScheduledRunStatus, ScheduledRunStore } from '../storage/scheduled-run-store';
import { t } from '../util/t';
import type { NoticeKind } from './schedule-notices';

const OUTCOME: Record<RunFinishReason, ScheduledRunStatus> = {
  stop: 'done',
  length: 'done',
  'step-limit': 'done',
  stopped: 'stopped',
  error: 'failed',
};

export interface RunEventDeps {
  runs: ScheduledRunStore;
  conversations: Promise<ConversationStore> | ConversationStore;
  now(): number;
  notify(kind: NoticeKind, run: ScheduledRun): void;
}

export function createScheduleRunEvents(deps: RunEventDeps) {
  /** runId → record key, of the runs followed. */
  const live = new Map<string, string>();
  /** conversationId → record key, of runs whose conversation exists and whose run is starting. */
  const starting = new Map<string, string>();
  let queue: Promise<unknown> = Promise.resolve();
  const later = (f: () => Promise<unknown>) => {
    queue = queue.then(f).catch((e: unknown) => console.error('following a scheduled run', e));
  };

  async function set(runId: string, status: ScheduledRunStatus, extra: Partial<ScheduledRun> = {}) {
    const key = live.get(runId);
    if (!key) return;
    const before = await deps.runs.get(key);
    if (!before || before.status === status) return;
    const run = await deps.runs.update(key, { status, ...extra });
    if (!run) return;
    if (status === 'waiting') deps.notify('waiting', run);
    else if (status !== 'running') {
      live.delete(runId);
      deps.notify(status === 'done' ? 'done' : status === 'stopped' ? 'stopped' : 'failed', run);
    }
  }

  function onEvent(e: AgentEvent) {
    if (e.type === 'run-start') {
      const key = starting.get(e.conversationId);
      if (!key) return;
      starting.delete(e.conversationId);
      live.set(e.runId, key);
      later(() => deps.runs.update(key, { runId: e.runId }));
      return;
    }
    if (!live.has(e.runId)) return;
    const inner = e.type === 'nested' ? e.event : e;
    if (inner.type === 'approval-requested' || inner.type === 'run-paused' || inner.type === 'password-requested')
      later(() => set(e.runId, 'waiting'));
    else if (
      inner.type === 'approval-resolved' ||
      inner.type === 'run-pause-resolved' ||
      inner.type === 'password-resolved'
    )
      later(() => set(e.runId, 'running'));
    else if (e.type === 'run-finish') later(() => set(e.runId, OUTCOME[e.reason], { finishedAt: deps.now() }));
  }

  /**
   * On wake: follow again every run a record says is under way. One whose conversation never got a run (the
   * worker died before it began) failed, and says so; one whose run id was not written yet is found in its answer.
   */
  async function rebuild(): Promise<void> {
    const open = (await deps.runs.list(200)).filter((r) => ['starting', 'running', 'waiting'].includes(r.status));
    for (const r of open) {
      let runId = r.runId;
      if (!runId && r.conversationId) {
        const messages = await (await deps.conversations).listMessages(r.conversationId);
        runId = messages.findLast((m) => m.role === 'assistant' && m.runId)?.runId;
        if (runId) await deps.runs.update(r.key, { runId });
      }
      if (runId) live.set(runId, r.key);
      else {
        const failed = await deps.runs.update(r.key, {
          status: 'failed',
          finishedAt: deps.now(),
          note: t('bg_schedule_interrupted'),
        });
        if (failed) deps.notify('failed', failed);
      }
    }
  }

  return {
    onEvent,
    rebuild,
    /** The run for `key` has its conversation: its run-start is the one to follow. */
    expect(conversationId: string, key: string) {
      starting.set(conversationId, key);
    },
  };
}
