/**
 * A saved task (issue 28, "Workflows"): a name the composer completes after `/`, the user's instruction with
 * `{placeholders}` filled in at run time, an optional start page and the model to use. `kind` leaves room for
 * what later hangs off a task (a schedule, a recording) without a new store: a reader skips a kind it does not
 * know rather than running it as a plain instruction.
 */
import { z } from 'zod';
import { checkHttpUrl } from './check-http-url';
import { t } from '../util/t';
import { parsePlaceholders, TASK_NAME_PATTERN } from './task-text';
import { recordingStepsSchema, type RecordingStep } from './recording';
import { evalCheckSchema } from './eval-check';
import { taskScheduleSchema } from './task-schedule';

export {
  fillPlaceholders,
  parsePlaceholders,
  suggestTaskName,
  TASK_NAME_PATTERN,
  taskCommandAt,
  taskCommandOf,
} from './task-text';

export const MAX_TASK_INSTRUCTION_CHARS = 20_000;
export const MAX_TASKS = 200;

export const taskModelSchema = z.object({
  providerId: z.string().min(1).max(200),
  modelId: z.string().trim().min(1).max(200),
});
export type TaskModel = z.output<typeof taskModelSchema>;

/** Where a start page may be: the navigate tool's own rule (absolute http(s), no user name or password). */
export const checkStartPage = (url: string) => checkHttpUrl(url);
export const isStartPage = (url: string) => checkStartPage(url).ok;

/** The fields a user sets (the form, an import); a failure reads in the user's language, when it happens. */
export const taskFieldsSchema = z.object({
  name: z.string().regex(TASK_NAME_PATTERN, { error: () => t('task_name_rule') }),
  instruction: z
    .string()
    .trim()
    .min(1, { error: () => t('task_instruction_empty') })
    .max(MAX_TASK_INSTRUCTION_CHARS),
  startUrl: z
    .string()
    .trim()
    .max(4000)
    .refine(isStartPage, { error: () => t('task_start_page_rule') })
    .optional(),
  model: taskModelSchema.optional(),
  /** A recording's steps (lib/core/recording.ts): the task is then `kind: 'recording'` and replays them. */
  steps: recordingStepsSchema.optional(),
  /** What must hold at the end of a run for it to count as a success ("Compare models"; eval-check.ts). */
  check: evalCheckSchema.optional(),
  /** When it runs by itself (task-schedule.ts); absent: only when the user runs it. */
  schedule: taskScheduleSchema.optional(),
});
export type TaskFields = z.output<typeof taskFieldsSchema>;

/**
 * A stored task: `prompt` sends its instruction to the model; `recording` replays its `steps` (the instruction is
 * then the recording's intent, what the model reads when a step no longer matches). A schedule is optional fields.
 */
export const savedTaskSchema = taskFieldsSchema.extend({
  id: z.string().min(1).max(200),
  kind: z.enum(['prompt', 'recording']),
  createdAt: z.number().finite().nonnegative(),
  updatedAt: z.number().finite().nonnegative(),
});
export type SavedTask = z.output<typeof savedTaskSchema>;

/** The task as the panel and Settings show it: its placeholders, in order of first appearance, are derived. */
export type TaskView = SavedTask & { placeholders: string[] };

/** The kind a task's fields make: steps make a recording. */
export const taskKindOf = (fields: Pick<TaskFields, 'steps'>): SavedTask['kind'] =>
  fields.steps?.length ? 'recording' : 'prompt';

/** The text of a recording's steps that may hold `{placeholders}` (typed values and chosen options). */
export const stepValuesText = (steps: readonly RecordingStep[] | undefined): string =>
  (steps ?? []).map((s) => (s.action === 'type' ? s.value : s.action === 'choose' ? s.option : '')).join('\n');

export const toTaskView = (task: SavedTask): TaskView => ({
  ...task,
  placeholders: parsePlaceholders(`${task.instruction}\n${stepValuesText(task.steps)}`),
});
