import type { FieldValue } from './form-snapshot';

/** What an action changed on the page, as the model reads it after the action. */
export interface PageChanges {
  /** The document's URL after the action, when it changed (a client-side route, a hash) or is changing. */
  navigated?: string;
  /** Set when the page started to unload: a new document is loading, and the refs of this one are gone. */
  unloading?: boolean;
  /** Dialogs that opened, by name (with the region ref get_page_state can be scoped to). */
  dialogsOpened?: { ref: string; name: string }[];
  dialogsClosed?: number;
  /** Fields whose value changed (not counting secrets). */
  valuesChanged?: { ref: string; name: string; value: FieldValue }[];
  /** Elements that appeared, with refs the next action may use. */
  appeared?: { ref: string; role: string; name: string }[];
  /** More appeared than are listed. */
  moreAppeared?: number;
  disappeared?: number;
  /** The element that has the focus now, when it changed. */
  focused?: string;
  /** Nothing the page shows changed (no element, text, attribute, value or address): the action had no visible effect. */
  noVisibleChange?: true;
}
