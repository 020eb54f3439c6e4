/** A key as a person presses it: the key value, its code and the modifiers held. */
export interface KeyPress {
  key: string;
  code: string;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

const NAMED: Record<string, [string, string]> = {
  enter: ['Enter', 'Enter'],
  return: ['Enter', 'Enter'],
  escape: ['Escape', 'Escape'],
  esc: ['Escape', 'Escape'],
  tab: ['Tab', 'Tab'],
  backspace: ['Backspace', 'Backspace'],
  delete: ['Delete', 'Delete'],
  space: [' ', 'Space'],
  home: ['Home', 'Home'],
  end: ['End', 'End'],
  pageup: ['PageUp', 'PageUp'],
  pagedown: ['PageDown', 'PageDown'],
  arrowup: ['ArrowUp', 'ArrowUp'],
  arrowdown: ['ArrowDown', 'ArrowDown'],
  arrowleft: ['ArrowLeft', 'ArrowLeft'],
  arrowright: ['ArrowRight', 'ArrowRight'],
  up: ['ArrowUp', 'ArrowUp'],
  down: ['ArrowDown', 'ArrowDown'],
  left: ['ArrowLeft', 'ArrowLeft'],
  right: ['ArrowRight', 'ArrowRight'],
};
const MODIFIERS: Record<string, keyof Pick<KeyPress, 'ctrlKey' | 'shiftKey' | 'altKey' | 'metaKey'>> = {
  control: 'ctrlKey',
  ctrl: 'ctrlKey',
  shift: 'shiftKey',
  alt: 'altKey',
  option: 'altKey',
  meta: 'metaKey',
  cmd: 'metaKey',
  command: 'metaKey',
};

/** The code of a printable character ("a" → "KeyA", "5" → "Digit5"), as a US keyboard makes it. */
export function codeOf(ch: string): string {
  if (/^[a-z]$/i.test(ch)) return `Key${ch.toUpperCase()}`;
  if (/^\d$/.test(ch)) return `Digit${ch}`;
  return ch === ' ' ? 'Space' : '';
}

/** Parses "Enter", "Shift+Tab", "Control+a", "ArrowDown"; undefined when it names no key. */
export function parseKey(spec: string): KeyPress | undefined {
  const parts = spec
    .split('+')
    .map((p) => p.trim())
    .filter(Boolean);
  const last = parts.pop();
  if (!last) return undefined;
  const press: KeyPress = { key: '', code: '', ctrlKey: false, shiftKey: false, altKey: false, metaKey: false };
  for (const m of parts) {
    const flag = MODIFIERS[m.toLowerCase()];
    if (!flag) return undefined;
    press[flag] = true;
  }
  const named = NAMED[last.toLowerCase()];
  if (named) [press.key, press.code] = named;
  else if ([...last].length === 1) [press.key, press.code] = [last, codeOf(last)];
  else if (/^F\d{1,2}$/i.test(last)) [press.key, press.code] = [last.toUpperCase(), last.toUpperCase()];
  else return undefined;
  return press;
}

/** Dispatches one keyboard event on `target` from its own window; answers false when a listener cancelled it. */
export function dispatchKey(target: Element, type: 'keydown' | 'keypress' | 'keyup', press: KeyPress): boolean {
  const view = target.ownerDocument.defaultView ?? window;
  return target.dispatchEvent(
    new view.KeyboardEvent(type, { ...press, bubbles: true, cancelable: true, composed: true, view }),
  );
}

/** Whether a key produces a character (and so a keypress and an insertion). */
export const isPrintable = (press: KeyPress) => [...press.key].length === 1 && !press.ctrlKey && !press.metaKey;
