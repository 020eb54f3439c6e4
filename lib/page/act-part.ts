/**
 * The `act` part of the page agent: the mechanics of the actions a run needs in few pages (typing and keys,
 * sliders and bare handles, ARIA comboboxes, selecting text in an editor, checking a page tool's arguments against
 * its schema), kept out of the page agent that is
 * injected into every frame a run acts on. The background injects the `page-actions` script
 * (entrypoints/page-actions.ts) into a frame the first time an action there needs it: the agent answers
 * 'no-act-part', the background injects the part and sends the command again (tools/page/send-page-command.ts),
 * as it does for the page reader. Scripts of one extension share the frame's isolated world, hence the global slot;
 * the page's own scripts live in another world and can neither read nor fill it.
 *
 * What stays in the agent: every check of an action (the ref is in the run's last snapshot, the element is
 * still visible, enabled and not a secret, the focus is not in a secret field), made before the part is asked,
 * and everything the part would otherwise carry a second copy of: naming, roles, option usability and the
 * pointer (whose per-document state a second copy would split) come to it from the agent (`ActKit`).
 */
import type { ActKit } from './act-kit';
import type { ChoiceOutcome } from './choose-option';
import type { KeyPress } from './key-events';
import type { SliderOutcome } from './set-handle-value';
import type { TextSelectionOutcome } from './select-text';

export type { ActKit } from './act-kit';

/** The mechanics the part carries, each called by act-on-page.ts once its checks passed. */
export interface ActPart {
  parseKey(spec: string): KeyPress | undefined;
  isPrintable(press: KeyPress): boolean;
  pressKey(doc: Document, press: KeyPress, target?: Element): Element;
  typeText(el: HTMLElement, text: string, clear: boolean): void;
  /** `role` is the element's interactive role, as act-on-page.ts found it. */
  setSliderValue(el: HTMLElement, value: string, role: string | undefined): Promise<SliderOutcome>;
  chooseOption(el: HTMLElement, wanted: string, kit: ActKit): Promise<ChoiceOutcome>;
  selectText(el: HTMLElement, wanted: string): TextSelectionOutcome;
  /**
   * Checks a page tool's arguments against the tool's own input schema at the moment of calling (call_page_tool):
   * needed only where a run calls a tool the page offers, so it rides with the part, not in every frame.
   */
  validateToolArgs(schema: Record<string, unknown>, args: unknown): string[];
}

declare global {
  // A `var` is what makes a property of globalThis visible to the other bundle in the same isolated world.
  var tabwiseActPart: ActPart | undefined;
}

/** What the agent answers an action that needs the part while it is not loaded in this frame (yet). */
export const NO_ACT_PART_MESSAGE = "The page agent's actions could not be loaded in this frame.";

/** Installs the part for this frame (a second injection keeps the first). */
export function installActPart(part: ActPart): void {
  globalThis.tabwiseActPart ??= part;
}

/** The part installed in this frame, if any. */
export function loadedActPart(): ActPart | undefined {
  return globalThis.tabwiseActPart;
}
