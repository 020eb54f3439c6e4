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
  // A keyboard also sets the legacy codes, which widget libraries still switch on (jQuery UI's $.ui.keyCode).
  const code =
    type === 'keypress' ? ([...press.key].length === 1 ? press.key.charCodeAt(0) : 0) : legacyKeyCode(press.key);
  // Given in the event's init (Chrome keeps them in the event itself), so the page's own world reads them too:
  // a property defined on the event here would live only in the content script's world.
  const legacy = { keyCode: code, which: code, ...(type === 'keypress' ? { charCode: code } : {}) };
  return target.dispatchEvent(
    new view.KeyboardEvent(type, { ...press, ...legacy, bubbles: true, cancelable: true, composed: true, view }),
  );
}

const LEGACY_CODES: Record<string, number> = {
  Backspace: 8,
  Tab: 9,
  Enter: 13,
  Escape: 27,
  ' ': 32,
  PageUp: 33,
  PageDown: 34,
  End: 35,
  Home: 36,
  ArrowLeft: 37,
  ArrowUp: 38,
  ArrowRight: 39,
  ArrowDown: 40,
  Delete: 46,
};

/** The keyCode a keyboard gives a key: named keys by table, letters and digits by their upper-case character. */
function legacyKeyCode(key: string): number {
  if (LEGACY_CODES[key] !== undefined) return LEGACY_CODES[key];
  if (/^[a-z0-9]$/i.test(key)) return key.toUpperCase().charCodeAt(0);
  return 0;
}

/** Whether a key produces a character (and so a keypress and an insertion). */
export const isPrintable = (press: KeyPress) => [...press.key].length === 1 && !press.ctrlKey && !press.metaKey;
