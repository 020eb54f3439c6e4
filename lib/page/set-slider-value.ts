import { parseKey } from './key-events';
import { pressKey } from './press-key';
import { setHandleValue, type SliderOutcome } from './set-handle-value';
import { setNativeValue } from './set-native-value';

/** What setting a slider came to: the value it now shows, or why it could not. */
const MAX_STEPS = 500;

/**
 * Sets a slider to `value`: a native range input through its value (as the browser does when dragged),
 * an ARIA slider with the keys a person would use (Home, End, arrows), reading aria-valuenow after each
 * key. A slider that does not move on keys fails with a reason, and so does a value outside its range. `role` is
 * the element's interactive role as the caller found it (act-on-page.ts).
 */
export async function setSliderValue(el: HTMLElement, value: string, role: string | undefined): Promise<SliderOutcome> {
  // A bare handle (jQuery UI): moved while its readout is watched.
  if (el.tagName !== 'INPUT' && !el.hasAttribute('aria-valuenow') && role === 'slider')
    return setHandleValue(el, value);
  const target = Number(value);
  if (!Number.isFinite(target)) return { ok: false, reason: `"${value}" is not a number` };
  if (el.tagName === 'INPUT' && (el as HTMLInputElement).type === 'range') {
    const input = el as HTMLInputElement;
    if (target < Number(input.min || 0) || target > Number(input.max || 100))
      return { ok: false, reason: `outside the slider's range ${input.min || 0}–${input.max || 100}` };
    setNativeValue(input, String(target));
    return { ok: true, value: input.value };
  }
  if (role === 'spinbutton') return setSpinValue(el, target);
  const now = () => Number(el.getAttribute('aria-valuenow'));
  const min = Number(el.getAttribute('aria-valuemin') ?? 0);
  const max = Number(el.getAttribute('aria-valuemax') ?? 100);
  if (!Number.isFinite(now())) return { ok: false, reason: 'the slider does not say its value (no aria-valuenow)' };
  if (target < min || target > max) return { ok: false, reason: `outside the slider's range ${min}–${max}` };
  const doc = el.ownerDocument;
  if (target === min || target === max) pressKey(doc, parseKey(target === min ? 'Home' : 'End')!, el);
  for (let i = 0; i < MAX_STEPS && now() !== target; i++) {
    const before = now();
    const up = before < target;
    pressKey(doc, parseKey(up ? 'ArrowRight' : 'ArrowLeft')!, el);
    // Frameworks may re-render after the event: give them a moment before concluding the key did nothing.
    if (now() === before) await new Promise((r) => setTimeout(r, 30));
    const after = now();
    if (after === before) return { ok: false, reason: `the slider did not move on arrow keys (it shows ${before})` };
    if (up ? after > target : after < target) break; // its step does not land on the value: the nearest is kept
  }
  return { ok: true, value: el.getAttribute('aria-valuetext') ?? String(now()) };
}

/**
 * A spinner is set by its value, as a person types a number into it: a text field gets the number written with
 * the input events a fill sends (a spinner may cancel every other key), framed by focus and blur so the widget
 * commits it; a spinner with no field is stepped with the up and down arrows.
 */
async function setSpinValue(el: HTMLElement, target: number): Promise<SliderOutcome> {
  const min = Number(el.getAttribute('aria-valuemin') ?? (el as HTMLInputElement).min ?? '');
  const max = Number(el.getAttribute('aria-valuemax') ?? (el as HTMLInputElement).max ?? '');
  if (
    (String(min) !== '' && Number.isFinite(min) && el.hasAttribute('aria-valuemin') && target < min) ||
    (Number.isFinite(max) && el.hasAttribute('aria-valuemax') && target > max)
  )
    return { ok: false, reason: `outside the spinner's range ${min}–${max}` };
  if (el.tagName === 'INPUT') {
    const input = el as HTMLInputElement;
    input.focus({ preventScroll: true });
    setNativeValue(input, String(target));
    input.blur();
    const shown = Number(input.value.replace(/[^\d.-]/g, ''));
    if (shown !== target) return { ok: false, reason: `the spinner did not keep ${target}: it shows "${input.value}"` };
    return { ok: true, value: input.value };
  }
  const now = () => Number(el.getAttribute('aria-valuenow'));
  if (!Number.isFinite(now())) return { ok: false, reason: 'the spinner does not say its value (no aria-valuenow)' };
  for (let i = 0; i < MAX_STEPS && now() !== target; i++) {
    const before = now();
    pressKey(el.ownerDocument, parseKey(before < target ? 'ArrowUp' : 'ArrowDown')!, el);
    if (now() === before) await new Promise((r) => setTimeout(r, 30));
    if (now() === before) return { ok: false, reason: `the spinner did not move on arrow keys (it shows ${before})` };
  }
  return { ok: true, value: el.getAttribute('aria-valuetext') ?? String(now()) };
}
