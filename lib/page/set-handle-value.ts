import { handlePosition } from './element-state';
import { parseKey } from './key-events';
import { pressKey } from './press-key';

/** What setting a slider's value came to: the value it shows, or why it could not. */
export type SliderOutcome = { ok: true; value: string } | { ok: false; reason: string };

const MAX_STEPS = 500;
const NUMBER = /-?\d+(?:[.,]\d+)?/g;

/**
 * Sets a slider drawn as a bare handle (no ARIA value), as a person does: moving it with the keys while watching
 * the number the page shows beside it. The readout is found by what changes when the handle moves (text or a
 * field's value near the track); a value given as a percentage ("40%") is the handle's place along the track.
 */
export async function setHandleValue(el: HTMLElement, value: string): Promise<SliderOutcome> {
  const doc = el.ownerDocument;
  const press = (key: string) => pressKey(doc, parseKey(key)!, el);
  const percent = /^\s*(\d+(?:\.\d+)?)\s*%\s*$/.exec(value);
  if (percent)
    return moveTo(
      el,
      Number(percent[1]),
      () => handlePosition(el) ?? NaN,
      press,
      (v) => `${v}%`,
    );
  const target = Number(value.replace(/[^\d.-]/g, ''));
  if (!value.trim() || !Number.isFinite(target)) return { ok: false, reason: `"${value}" is not a number` };
  const readout = await findReadout(el, press);
  if (!readout) {
    const at = handlePosition(el);
    return {
      ok: false,
      reason: `the slider shows no number near it that moves with the handle; give the place along its track as a percentage (it is at ${at ?? '?'}%)`,
    };
  }
  return moveTo(el, target, readout, press, String);
}

/** Presses arrows toward `target` while `read` says where the slider is; stops on it or at the nearest step. */
async function moveTo(
  el: HTMLElement,
  target: number,
  read: () => number,
  press: (key: string) => void,
  show: (v: number) => string,
): Promise<SliderOutcome> {
  let flipped = false;
  for (let i = 0; i < MAX_STEPS && read() !== target; i++) {
    const before = read();
    const up = before < target !== flipped;
    press(up ? 'ArrowRight' : 'ArrowLeft');
    if (read() === before) await new Promise((r) => setTimeout(r, 30));
    const after = read();
    if (after === before) {
      if (i === 0 || !Number.isFinite(after))
        return { ok: false, reason: `the slider did not move on arrow keys (it shows ${show(before)})` };
      break; // at an end of its range
    }
    // A slider whose right arrow lowers its number (a reversed scale): turn round once.
    if (i === 0 && after < before === up && !flipped) {
      flipped = true;
      continue;
    }
    if (Math.abs(after - target) > Math.abs(before - target)) {
      // Its step does not land on the value: it passed it; go back if that was nearer.
      if (Math.abs(before - target) < Math.abs(after - target)) press(up ? 'ArrowLeft' : 'ArrowRight');
      break;
    }
  }
  const now = read();
  const range = Number.isFinite(now) ? show(now) : '?';
  void el;
  return { ok: true, value: range };
}

/** The texts and field values around the handle's track where a page shows a slider's number. */
function readoutSources(el: HTMLElement): Element[] {
  const track = el.parentElement;
  if (!track) return [];
  const out: Element[] = [];
  let branch: Element = track;
  for (let level = 0; level < 3 && branch.parentElement; level++) {
    const parent = branch.parentElement;
    const siblings = Array.from(parent.children);
    const at = siblings.indexOf(branch);
    for (const s of siblings.slice(Math.max(0, at - 2), at + 3)) if (s !== branch && !s.contains(el)) out.push(s);
    out.push(...Array.from(track.children).filter((c) => c !== el && !c.contains(el)));
    if (out.length) break;
    branch = parent;
  }
  return out;
}

function numbersIn(sources: Element[]): number[] {
  const out: number[] = [];
  for (const s of sources) {
    const fields = s.matches('input, textarea') ? [s] : Array.from(s.querySelectorAll('input, textarea, output'));
    const text = [
      (s as HTMLElement).innerText ?? s.textContent ?? '',
      ...fields.map((f) => (f as HTMLInputElement).value ?? ''),
    ];
    for (const t of text) for (const m of t.matchAll(NUMBER)) out.push(Number(m[0].replace(',', '.')));
  }
  return out;
}

/** Finds the number that moves with the handle (one key press and back); a reader of it, or undefined. */
async function findReadout(el: HTMLElement, press: (key: string) => void): Promise<(() => number) | undefined> {
  const sources = readoutSources(el);
  const before = numbersIn(sources);
  const atEnd = handlePosition(el) === 100;
  press(atEnd ? 'ArrowLeft' : 'ArrowRight');
  let after = numbersIn(sources);
  if (after.join() === before.join()) {
    await new Promise((r) => setTimeout(r, 30));
    after = numbersIn(sources);
  }
  const i = before.length === after.length ? before.findIndex((n, k) => n !== after[k]) : -1;
  press(atEnd ? 'ArrowRight' : 'ArrowLeft');
  if (i < 0) return undefined;
  return () => numbersIn(sources)[i] ?? NaN;
}
