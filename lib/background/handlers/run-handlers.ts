/** runs.inspect: exactly what the model was sent at each step ("what the model saw"), rebuilt from the journal. */
import type { RunJournal } from '../../agent/run-journal';
import { UserFacingError } from '../../messaging/user-facing-error';
import type { Awaitable, HandlerSet } from './handler-set';
import { t } from '../../util/t';

export function createRunHandlers(deps: { journal: Awaitable<Pick<RunJournal, 'read'>> }): HandlerSet<'runs.inspect'> {
  return {
    'runs.inspect': async ({ runId }) => {
      const snap = await (await deps.journal).read(runId);
      if (!snap) throw new UserFacingError('not_found', t('bg_run_unknown'));
      return {
        runId,
        steps: snap.steps.map((s) => ({
          index: s.index,
          system: s.request.system,
          messages: s.request.messages,
          tools: s.request.tools ?? [],
          finishReason: s.finishReason,
          usage: s.usage,
        })),
      };
    },
  };
}
