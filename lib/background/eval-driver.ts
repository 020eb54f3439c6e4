/**
 * "Compare models" in the worker (issue 28): a saved task run on each picked model in turn, each in a fresh tab
 * (the task's start page) and a fresh conversation with no fallbacks, through the chat service like any message,
 * so the approvals are those of a run the user watches (a card waits in that run's conversation, and the
 * comparison waits with it). Each run is written to the store as `running`, with its conversation, before it is
 * sent; a worker that wakes mid-comparison waits for that conversation's answer (the chat service resumes the run
 * from its journal) and only then starts the next model: a run is never started twice. The check is run by the
 * extension (eval-run-check.ts) once the answer has settled.
 */
import { runEnded, type Comparison } from '../core/eval-comparison';
import type { TaskModel } from '../core/saved-task';
import { UserFacingError } from '../messaging/user-facing-error';
import { t } from '../util/t';
import { createEvalRunSteps, type EvalDriverDeps } from './eval-run-steps';

export type { EvalDriverDeps } from './eval-run-steps';

export function createEvalDriver(deps: EvalDriverDeps) {
  const active = new Set<string>();
  const { save, patchRun, begin, settled, finish } = createEvalRunSteps(deps);

  /** Runs what is left of comparison `id`, one model after another; a second call while one goes on does nothing. */
  async function advance(id: string): Promise<void> {
    if (active.has(id)) return;
    active.add(id);
    try {
      for (;;) {
        const c = await deps.store.get(id);
        if (!c || c.status !== 'running') return;
        const index = c.runs.findIndex((r) => !runEnded(r));
        if (index < 0) {
          await save({ ...c, status: 'done' });
          return;
        }
        if (c.runs[index]!.state === 'pending') {
          try {
            await begin(c, index);
          } catch (e) {
            const detail = t('eval_detail_could_not_start', e instanceof Error ? e.message : String(e));
            await patchRun(id, index, { state: 'error', endedAt: deps.now(), detail });
          }
          continue;
        }
        await finish(c, index, await settled(c, c.runs[index]!));
      }
    } finally {
      active.delete(id);
    }
  }

  return {
    advance,
    /** A new comparison of `task` on `models`, started at once; resolves with it as stored. */
    async start(
      input: Omit<Comparison, 'id' | 'createdAt' | 'status' | 'runs'>,
      models: (TaskModel & { label: string })[],
    ) {
      const { comparisons } = await deps.store.list();
      if (comparisons.some((k) => k.status === 'running')) throw new UserFacingError('busy', t('eval_one_at_a_time'));
      const c: Comparison = {
        ...input,
        id: deps.generateId(),
        createdAt: deps.now(),
        status: 'running',
        runs: models.map(({ label, ...model }) => ({ model, label, state: 'pending' })),
      };
      await save(c);
      void advance(c.id).catch((e: unknown) => console.error('comparison failed', e));
      return c;
    },
    /** Stop: the run under way is stopped (its answer kept), the models not reached yet are not run. */
    async stop(id: string) {
      const c = await deps.store.get(id);
      if (!c || c.status !== 'running') return;
      const runs = c.runs.map((r) => (r.state === 'pending' ? { ...r, state: 'cancelled' as const } : r));
      await save({ ...c, status: 'stopped', runs });
      const current = runs.find((r) => r.state === 'running');
      if (current?.conversationId) await deps.chat.stop(current.conversationId);
    },
    /** On wake: every comparison that was running goes on from where it was. */
    async resume() {
      const { comparisons } = await deps.store.list();
      for (const c of comparisons)
        if (c.status === 'running') void advance(c.id).catch((e: unknown) => console.error('comparison failed', e));
    },
  };
}

export type EvalDriver = ReturnType<typeof createEvalDriver>;
