/**
 * The text rules of saved tasks (lib/core/saved-task.ts) that the panel needs at start: the name's pattern, the
 * `{placeholders}` and the `/name` command. No schema library here: the panel's startup JavaScript stays small.
 */
/** A name is a slug: lower-case letters, digits and single dashes, starting with a letter or digit. */
export const TASK_NAME_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){0,47}$/;

/** A placeholder is `{word}`: letters, digits, `_` and `-`, at most 40 of them (`{}` and `{ a b }` are text). */
const PLACEHOLDER = /\{([A-Za-z0-9_-]{1,40})\}/g;

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

/** The `/name` being typed at the start of the message box (before the caret), if any. */
export function taskCommandAt(text: string, caret: number): { query: string } | undefined {
  const m = /^\/([a-z0-9-]*)$/.exec(text.slice(0, caret));
  return m ? { query: m[1]! } : undefined;
}

/** A message that is a task command: `/name` alone (spaces around allowed). */
export function taskCommandOf(text: string): string | undefined {
  return /^\s*\/([a-z0-9-]+)\s*$/.exec(text)?.[1];
}
