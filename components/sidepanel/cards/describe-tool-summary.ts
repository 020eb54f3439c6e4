import type { RunPart } from '../../../lib/agent/run-view';
import { isRecord, list, str, type ToolOutputView } from './read-tool-output';

type ToolPart = Extract<RunPart, { kind: 'tool' }>;

/** Memories found by memory_search. */
export function describeMemories(out: ToolOutputView): { text: string; tags: string[]; savedAt?: string }[] | undefined {
  if (!Array.isArray(out.json)) return undefined;
  return list(out.json).flatMap((m) => {
    if (!isRecord(m) || str(m.text) === undefined) return [];
    const savedAt = str(m.savedAt);
    return [{ text: str(m.text)!, tags: list(m.tags).flatMap((t) => (typeof t === 'string' ? [t] : [])), ...(savedAt ? { savedAt } : {}) }];
  });
}

const arg = (part: ToolPart, name: string): string | undefined => (isRecord(part.input) ? str(part.input[name]) : undefined);

/** One short line saying what a background tool did, for tools whose result needs no more than that. */
export function summariseTool(part: ToolPart): string | undefined {
  const done = part.status === 'done';
  switch (part.toolName) {
    case 'memory_save': {
      const text = arg(part, 'text');
      return text === undefined ? undefined : `${done ? 'Remembered' : 'Remember'}: “${text}”`;
    }
    case 'memory_delete':
      return `${done ? 'Forgot' : 'Forget'} memory ${arg(part, 'id') ?? ''}`.trim();
    case 'memory_search': {
      const q = arg(part, 'query');
      return q ? `Looked in memories for “${q}”` : 'Listed the newest memories';
    }
    case 'load_skill': {
      const name = arg(part, 'name');
      if (!name) return undefined;
      const lines = done && part.output ? part.output.split('\n').length : 0;
      return `${done ? 'Loaded' : 'Loading'} the skill “${name}”${lines ? ` (${lines} lines of instructions)` : ''}`;
    }
    case 'delegate': {
      const agent = arg(part, 'agent');
      const task = arg(part, 'task');
      return agent ? `Handed to the ${agent} agent${task ? `: ${task.length > 200 ? `${task.slice(0, 200)}…` : task}` : ''}` : undefined;
    }
    default:
      return undefined;
  }
}
