import type { RunPart } from '../../../lib/core/run-part';
import { fieldsOf, isRecord, list, str } from './card-guards';
import type { FoundMemory } from '../../../lib/tools/memory-tools';
import { outputOf } from './result-of';
import { formatCount } from '../../options/format-figures';
import { t } from '../../ui/t';

type ToolPart = Extract<RunPart, { kind: 'tool' }>;

/** Memories found by memory_search. */
export function describeMemories(out: unknown): { text: string; tags: string[]; savedAt?: string }[] | undefined {
  if (!Array.isArray(out)) return undefined;
  return list(out).flatMap((item) => {
    const m = fieldsOf<FoundMemory>(item);
    if (!m || str(m.text) === undefined) return [];
    const savedAt = str(m.savedAt);
    return [
      {
        text: str(m.text)!,
        tags: list(m.tags).flatMap((t) => (typeof t === 'string' ? [t] : [])),
        ...(savedAt ? { savedAt } : {}),
      },
    ];
  });
}

const arg = (part: ToolPart, name: string): string | undefined =>
  isRecord(part.input) ? str(part.input[name]) : undefined;

/** One short line saying what a background tool did, for tools whose result needs no more than that. */
export function summariseTool(part: ToolPart): string | undefined {
  const done = part.status === 'done';
  switch (part.toolName) {
    case 'memory_save': {
      const text = arg(part, 'text');
      return text === undefined ? undefined : t(done ? 'summary_remembered' : 'summary_remember', text);
    }
    case 'memory_delete':
      return t(done ? 'summary_forgot' : 'summary_forget', arg(part, 'id') ?? '').trim();
    case 'memory_search': {
      const q = arg(part, 'query');
      return q ? t('summary_looked_in_memories', q) : t('summary_newest_memories');
    }
    case 'load_skill': {
      const name = arg(part, 'name');
      if (!name) return undefined;
      const skill = done ? str(outputOf(part)) : undefined;
      const lines = skill ? skill.split('\n').length : 0;
      if (!done) return t('summary_loading_skill', name);
      return lines
        ? t('summary_loaded_skill_lines', name, formatCount(lines, 'line'))
        : t('summary_loaded_skill', name);
    }
    case 'delegate': {
      const agent = arg(part, 'agent');
      const task = arg(part, 'task');
      if (!agent) return undefined;
      return task
        ? t('summary_handed_task', agent, task.length > 200 ? `${task.slice(0, 200)}…` : task)
        : t('summary_handed', agent);
    }
    case 'fill_password': {
      const ref = arg(part, 'ref') ?? t('summary_the_field');
      return done ? t('summary_password_typed', ref) : t('summary_password_for', ref);
    }
    case 'ask_user': {
      const answer = done ? str(outputOf(part)) : undefined;
      const note = answer ? /\nThe user's note: (.*)$/s.exec(answer)?.[1] : undefined;
      return done ? (note ? t('summary_you_continued_note', note) : t('card_you_continued')) : undefined;
    }
    default:
      return undefined;
  }
}
