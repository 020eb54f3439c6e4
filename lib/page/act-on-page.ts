import { PageError } from './page-error';
import type { ActInput, ActOutput } from './act-input';
import { NO_ACT_PART_MESSAGE, type ActKit, type ActPart } from './act-part';
import type { Allowlist } from './allowlist';
import { elementName } from './element-name';
import { elementState } from './element-state';
import { shownChoice } from './shown-choice';
import { fieldKindOf } from './field-kind';
import { interactiveRole } from './interactive-role';
import { isFieldVisible } from './is-field-visible';
import { isSensitiveField } from './is-sensitive-field';
import { isUsableOption } from './is-usable-option';
import { hoverElement, pointerClick } from './pointer-events';
import { readFieldValue } from './read-field-value';
import { scrollPage } from './scroll-page';
import { setNativeValue } from './set-native-value';
import { writeField } from './write-field';
import { deepActiveElement } from './deep-active-element';

/** How long a pointer rests on an element before what opens on hover is read. */
const HOVER_INTENT_MS = 300;

/** The agent's own modules the part's combobox mechanics use (act-part.ts). */
const kit: ActKit = { elementName, isUsableOption, pointerClick };

/** Field types select() writes itself, without the part. */
const NATIVE_CHOICE = new Set(['select', 'select-multiple', 'radio']);

/**
 * Whether `input` needs the act part (act-part.ts): typing, keys, sliders, and a choice that is not a native
 * select or radio group. Asked before anything is read or changed, so a frame without the part answers at once.
 */
export function needsActPart(allowlist: Allowlist, input: ActInput): boolean {
  if (input.action === 'type' || input.action === 'press' || input.action === 'set_value') return true;
  if (input.action !== 'select') return false;
  const type = allowlist.field(input.ref)?.type;
  return !type || !NATIVE_CHOICE.has(type);
}

/** The part, or the error that has the background inject it. */
function need(part: ActPart | undefined): ActPart {
  if (!part) throw new PageError(NO_ACT_PART_MESSAGE, 'no-act-part');
  return part;
}

const quote = (el: Element) => JSON.stringify(elementName(el, interactiveRole(el) ?? '').slice(0, 60));

/** The element behind a ref of the run's last snapshot, checked as a person would find it now. */
function elementOf(allowlist: Allowlist, ref: string): HTMLElement {
  const el = allowlist.button(ref) ?? allowlist.field(ref)?.elements[0]?.deref();
  if (!allowlist.hasButton(ref) && !allowlist.field(ref))
    throw new PageError(
      `"${ref}" is not an element of the last page snapshot; call get_page_state to see the refs`,
      'failed',
    );
  if (!el?.isConnected)
    throw new PageError(`the element "${ref}" is gone (the page changed); call get_page_state again`, 'failed');
  return el;
}

/**
 * The checks a write repeats at the moment it acts, whatever the snapshot said: the element must still be
 * visible, enabled and not a secret (a page can turn a name field into a password field after the snapshot).
 */
function assertWritable(el: HTMLElement, ref: string, elements: HTMLElement[] = [el]): void {
  if (!elements.some((e) => isFieldVisible(e)))
    throw new PageError(`"${ref}" is hidden now; call get_page_state again`, 'failed');
  if (
    elements.every(
      (e) => (e as HTMLInputElement).disabled || e.matches(':disabled') || e.getAttribute('aria-disabled') === 'true',
    )
  )
    throw new PageError(`"${ref}" is disabled`, 'failed');
  const name = el.tagName === 'INPUT' && (el as HTMLInputElement).type === 'radio' ? '' : elementName(el, 'textbox');
  if (isSensitiveField(el, name))
    throw new PageError(
      `"${ref}" is a password, payment card or one-time code field; it is never written: ask the user to type it`,
      'failed',
    );
}

/** What a text field holds now ('' for anything else). */
const textValue = (el: HTMLElement) => (/^(INPUT|TEXTAREA)$/.test(el.tagName) ? (el as HTMLInputElement).value : '');

/** Runs one action on the page (the caller watches what it changes). */
export async function actOnPage(
  doc: Document,
  allowlist: Allowlist,
  input: ActInput,
  part: ActPart | undefined,
): Promise<Omit<ActOutput, 'changes'>> {
  switch (input.action) {
    case 'type': {
      const el = elementOf(allowlist, input.ref);
      assertWritable(el, input.ref);
      const editable = el.isContentEditable || /^(INPUT|TEXTAREA)$/.test(el.tagName);
      if (!editable)
        throw new PageError(
          `"${input.ref}" does not take text; click it, or type into the text box inside it`,
          'failed',
        );
      if ((el as HTMLInputElement).readOnly)
        throw new PageError(
          `"${input.ref}" is read-only (it may open a picker): click it and choose in the picker`,
          'failed',
        );
      const clear = input.clear ?? true;
      const before = textValue(el);
      need(part).typeText(el, input.text, clear);
      // A page that cancels every key (a scanner field, a spinner) leaves the keys unwritten: write the value as
      // fill_form does, with input events, and say so.
      const wanted = clear ? input.text : before + input.text;
      const now = textValue(el);
      const byValue =
        /^(INPUT|TEXTAREA)$/.test(el.tagName) && input.text !== '' && now !== wanted && (now === '' || now === before);
      if (byValue) {
        setNativeValue(el as HTMLInputElement, wanted);
        el.blur();
      }
      const kind = fieldKindOf(el);
      const count = [...input.text].length;
      return {
        action: 'type',
        ref: input.ref,
        did: byValue
          ? `the page cancelled the key events, so the ${count} characters were written into ${quote(el)} as its value, with input events (as fill_form writes)`
          : `typed ${count} characters into ${quote(el)}`,
        wroteBy: byValue ? 'value' : 'keys',
        ...(kind ? { value: readFieldValue(kind, [el]) } : {}),
      };
    }
    case 'press': {
      const { parseKey, isPrintable, pressKey } = need(part);
      const key = parseKey(input.key);
      if (!key)
        throw new PageError(
          `"${input.key}" is not a key; use names such as Enter, Escape, Tab, ArrowDown, Shift+Tab, Control+a`,
          'failed',
        );
      const target = input.ref === undefined ? undefined : elementOf(allowlist, input.ref);
      if (target && !isFieldVisible(target))
        throw new PageError(`"${input.ref}" is hidden now; call get_page_state again`, 'failed');
      const at = target ?? deepActiveElement(doc);
      if (at && isPrintable(key) && /^(INPUT|TEXTAREA)$/.test(at.tagName) && isSensitiveField(at, ''))
        throw new PageError(
          'the focus is in a password, payment card or one-time code field; keys are never typed there',
          'failed',
        );
      const went = pressKey(doc, key, target);
      return {
        action: 'press',
        ...(input.ref ? { ref: input.ref } : {}),
        did: `pressed ${input.key} on ${went === doc.body ? 'the page' : quote(went)}`,
      };
    }
    case 'focus': {
      const el = elementOf(allowlist, input.ref);
      if (!isFieldVisible(el)) throw new PageError(`"${input.ref}" is hidden now; call get_page_state again`, 'failed');
      el.focus({ preventScroll: false });
      return { action: 'focus', ref: input.ref, did: `focused ${quote(el)}` };
    }
    case 'hover': {
      const el = elementOf(allowlist, input.ref);
      if (!isFieldVisible(el)) throw new PageError(`"${input.ref}" is hidden now; call get_page_state again`, 'failed');
      el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      hoverElement(el);
      // Menus open on hover after an intent delay (Radix waits 100 ms, others up to 300): let it pass before the changes are read.
      await new Promise((r) => setTimeout(r, HOVER_INTENT_MS));
      return { action: 'hover', ref: input.ref, did: `moved the pointer over ${quote(el)}` };
    }
    case 'select':
      return select(allowlist, input.ref, input.option, part);
    case 'set_value': {
      const el = elementOf(allowlist, input.ref);
      assertWritable(el, input.ref);
      const role = interactiveRole(el);
      if (role !== 'slider' && role !== 'spinbutton')
        throw new PageError(
          `"${input.ref}" is not a slider; use type for text fields and select for choices`,
          'failed',
        );
      const outcome = await need(part).setSliderValue(el, input.value, role);
      if (!outcome.ok) throw new PageError(outcome.reason, 'failed');
      return { action: 'set_value', ref: input.ref, did: `set ${quote(el)} to ${outcome.value}`, value: outcome.value };
    }
    case 'scroll': {
      const el = input.ref === undefined ? undefined : elementOf(allowlist, input.ref);
      if (input.direction === 'into_view' && !el)
        throw new PageError('scroll into_view needs the ref of an element', 'failed');
      const where = scrollPage(doc, input.direction, el);
      const area =
        where.area && el
          ? `the scrollable area around ${quote(el)} is at ${where.area.scrollTop}px of ${where.area.scrollHeight}px${where.area.atEnd ? ' (its end)' : ''}; `
          : '';
      return {
        action: 'scroll',
        ...(input.ref ? { ref: input.ref } : {}),
        did: `scrolled ${input.direction.replace('_', ' ')}: ${area}the page is at ${where.scrollY}px${where.atBottom ? ' (the bottom)' : ''}`,
      };
    }
  }
}

/** A native select or radio group by option label; an ARIA listbox, combobox or autocomplete as a person would. */
async function select(
  allowlist: Allowlist,
  ref: string,
  option: string,
  part: ActPart | undefined,
): Promise<Omit<ActOutput, 'changes'>> {
  const field = allowlist.field(ref);
  const el = elementOf(allowlist, ref);
  const elements = field?.elements.map((r) => r.deref()).filter((e): e is HTMLElement => !!e?.isConnected) ?? [el];
  assertWritable(el, ref, elements);
  if (field && NATIVE_CHOICE.has(field.type)) {
    const outcome = writeField(field.type, elements, field.type === 'select-multiple' ? [option] : option);
    if (!outcome.ok) throw new PageError(outcome.reason, 'failed');
    const value = readFieldValue(field.type, elements);
    return { action: 'select', ref, did: `chose ${JSON.stringify(option)} in ${quote(el)}`, value };
  }
  if (el.isContentEditable || el.tagName === 'TEXTAREA') {
    // In a text editor the "option" is a passage of its text, selected so a toolbar or key can format it.
    const outcome = need(part).selectText(el, option);
    if (!outcome.ok) throw new PageError(outcome.reason, 'failed');
    return {
      action: 'select',
      ref,
      did: `selected the text ${JSON.stringify(outcome.selected.slice(0, 200))} in ${quote(el)}`,
    };
  }
  const role = interactiveRole(el);
  if (role !== 'combobox' && role !== 'listbox' && role !== 'textbox' && role !== 'searchbox' && role !== 'button') {
    throw new PageError(`"${ref}" is not a select, listbox or combobox; click the option instead`, 'failed');
  }
  const outcome = await need(part).chooseOption(el, option, kit);
  if (!outcome.ok) throw new PageError(outcome.reason, 'failed');
  const kind = fieldKindOf(el);
  // A button-like combobox (Radix, Headless UI) has no field value: what it shows is its text.
  const value = kind ? readFieldValue(kind, [el]) : (elementState(el, role).value ?? elementName(el, role));
  // A react-select-like control empties its input on a choice: what it shows beside it is the read-back.
  const shows = shownChoice(el);
  return {
    action: 'select',
    ref,
    did: `chose ${JSON.stringify(outcome.chosen)} in ${quote(el)}${shows ? ` (it shows ${JSON.stringify(shows)})` : ''}`,
    value,
  };
}
