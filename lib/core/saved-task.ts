/**
 * A saved task (issue 28, "Workflows"): a name the composer completes after `/`, the user's instruction with
 * `{placeholders}` filled in at run time, an optional start page and the model to use. `kind` leaves room for
 * what later hangs off a task (a schedule, a recording) without a new store: a reader skips a kind it does not
 * know rather than running it as a plain instruction.
 */
import { z } from 'zod';
import { checkHttpUrl } from './check-http-url';
import { t } from '../util/t';

/** A name is a slug: lower-case letters, digits and single dashes, starting with a letter or digit. */
export const TASK_NAME_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){0,47}$/;
export const MAX_TASK_INSTRUCTION_CHARS = 20_000;
export const MAX_TASKS = 200;
/** A placeholder is `{word}`: letters, digits, `_` and `-`, at most 40 of them (`{}` and `{ a b }` are text). */
const PLACEHOLDER = /\{([A-Za-z0-9_-]{1,40})\}/g;

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
});
export type TaskFields = z.output<typeof taskFieldsSchema>;

/** A stored task. Only `kind: 'prompt'` exists today; a schedule or recording will be optional fields or kinds. */
export const savedTaskSchema = taskFieldsSchema.extend({
  id: z.string().min(1).max(200),
  kind: z.literal('prompt'),
  createdAt: z.number().finite().nonnegative(),
  updatedAt: z.number().finite().nonnegative(),
});
export type SavedTask = z.output<typeof savedTaskSchema>;

/** The task as the panel and Settings show it: its placeholders, in order of first appearance, are derived. */
export type TaskView = SavedTask & { placeholders: string[] };

/** The distinct `{name}` placeholders of an instruction, in the order they first appear. */
export function parsePlaceholders(instruction: string): string[] {
  return [...new Set([...instruction.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/**
 * The instruction with each placeholder replaced by its value. A placeholder without a value stays as it is
 * written; a value is inserted as text (a `{x}` inside a value is not filled again).
 */
export function fillPlaceholders(instruction: string, values: Readonly<Record<string, string>>): string {
  return instruction.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name]! : whole,
  );
}

/** A name proposed for a message saved as a task: its first words as a slug ("task" when none is left). */
export function suggestTaskName(text: string): string {
  const slug = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .split(/[\s-]+/)
    .filter(Boolean)
    .slice(0, 4)
    .join('-')
    .slice(0, 48)
    .replace(/-+$/, '');
  return slug || 'task';
}

export const toTaskView = (task: SavedTask): TaskView => ({
  ...task,
  placeholders: parsePlaceholders(task.instruction),
});

/** The `/name` being typed at the start of the message box (before the caret), if any. */
export function taskCommandAt(text: string, caret: number): { query: string } | undefined {
  const m = /^\/([a-z0-9-]*)$/.exec(text.slice(0, caret));
  return m ? { query: m[1]! } : undefined;
}

/** A message that is a task command: `/name` alone (spaces around allowed). */
export function taskCommandOf(text: string): string | undefined {
  return /^\s*\/([a-z0-9-]+)\s*$/.exec(text)?.[1];
}
