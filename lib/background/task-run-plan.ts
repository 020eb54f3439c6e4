/**
 * What running a saved task sends, by its kind: a `prompt` task's instruction with its placeholders filled, for
 * the model; a `recording`'s intent as the message and its steps, filled the same way, replayed without a model
 * (lib/agent/replay-model.ts). Read from the store by id, never from the request: the panel names the task and
 * gives the values, nothing more. A scheduler runs a task through this too.
 */
import type { ReplaySettings } from '../agent/replay-model';
import type { RecordingStep } from '../core/recording';
import type { SavedTask } from '../core/saved-task';
import { fillPlaceholders } from '../core/task-text';
import { UserFacingError } from '../messaging/user-facing-error';
import { t } from '../util/t';

export interface TaskRunPlan {
  /** The user message the run answers. */
  text: string;
  /** Set for a recording: the run replays these steps. */
  replay?: ReplaySettings;
}

const fillStep = (step: RecordingStep, values: Readonly<Record<string, string>>): RecordingStep => {
  if (step.action === 'type') return { ...step, value: fillPlaceholders(step.value, values) };
  if (step.action === 'choose') return { ...step, option: fillPlaceholders(step.option, values) };
  return step;
};

/** The plan for `task` with `values` for its placeholders. */
export function taskRunPlan(task: SavedTask, values: Readonly<Record<string, string>>): TaskRunPlan {
  const text = fillPlaceholders(task.instruction, values);
  if (task.kind === 'prompt') return { text };
  if (!task.steps?.length) throw new UserFacingError('invalid', t('bg_recording_no_steps', task.name));
  return {
    text,
    replay: { taskName: task.name, intent: text, steps: task.steps.map((s) => fillStep(s, values)) },
  };
}
