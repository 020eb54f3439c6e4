import { actionNames, type ActInput } from './act-input';
import { invalidInput } from './page-error';

const DIRECTIONS = new Set(['up', 'down', 'left', 'right', 'into_view']);
const MAX_TEXT = 5000;

function text(v: unknown, path: string, max: number): string {
  if (typeof v !== 'string' || v.length > max) throw invalidInput(path, `a string of at most ${max} characters`);
  return v;
}

const optionalRef = (o: Record<string, unknown>) => (o.ref === undefined ? {} : { ref: text(o.ref, 'ref', 200) });

/** Checks the act command's input (the page's own line of defence; the worker checked it with zod first). */
export function guardActInput(o: Record<string, unknown>): ActInput {
  const action = o.action;
  if (typeof action !== 'string' || !Object.hasOwn(actionNames, action))
    throw invalidInput('action', `one of ${Object.keys(actionNames).join(', ')}`);
  switch (action as ActInput['action']) {
    case 'type': {
      if (o.clear !== undefined && typeof o.clear !== 'boolean') throw invalidInput('clear', 'true or false');
      return {
        action: 'type',
        ref: text(o.ref, 'ref', 200),
        text: text(o.text, 'text', MAX_TEXT),
        ...(o.clear === undefined ? {} : { clear: o.clear as boolean }),
      };
    }
    case 'press':
      return { action: 'press', key: text(o.key, 'key', 40), ...optionalRef(o) };
    case 'focus':
    case 'hover':
      return { action: action as 'focus' | 'hover', ref: text(o.ref, 'ref', 200) };
    case 'select':
      return { action: 'select', ref: text(o.ref, 'ref', 200), option: text(o.option, 'option', 500) };
    case 'set_value':
      return { action: 'set_value', ref: text(o.ref, 'ref', 200), value: text(o.value, 'value', 100) };
    case 'scroll': {
      if (typeof o.direction !== 'string' || !DIRECTIONS.has(o.direction))
        throw invalidInput('direction', 'up, down, left, right or into_view');
      return { action: 'scroll', direction: o.direction as 'up', ...optionalRef(o) };
    }
  }
}
