import type { FieldValue } from './form-snapshot';
import type { PageChanges } from './page-changes';
import type { ScrollDirection } from './scroll-page';

/** Input of the act command: one action of the type, press, focus, hover, select, set_value or scroll tools. */
export type ActInput =
  | { action: 'type'; ref: string; text: string; clear?: boolean }
  | { action: 'press'; key: string; ref?: string }
  | { action: 'focus'; ref: string }
  | { action: 'hover'; ref: string }
  | { action: 'select'; ref: string; option: string }
  | { action: 'set_value'; ref: string; value: string }
  | { action: 'scroll'; direction: ScrollDirection; ref?: string };

export type ActionName = ActInput['action'];

/** The action names, once (the type makes the compiler check that none is missing). */
export const actionNames: { [K in ActionName]: true } = {
  type: true,
  press: true,
  focus: true,
  hover: true,
  select: true,
  set_value: true,
  scroll: true,
};

/** What an action did and what it changed on the page. */
export interface ActOutput {
  action: ActionName;
  ref?: string;
  /** One line saying what was done ("typed 5 characters into \"Search\""). */
  did: string;
  /** The control's value read back afterwards, where it has one. */
  value?: FieldValue;
  /**
   * How `type` wrote: `keys`, key by key as a keyboard does; `value`, set directly with input events (as fill_form
   * does) because the page cancelled the key events and the keys wrote nothing.
   */
  wroteBy?: 'keys' | 'value';
  changes: PageChanges;
}
