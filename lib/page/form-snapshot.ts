import type { PageToolInfo } from './page-tool-info';

/** The kinds of control a snapshot reports, named after the input type where there is one. */
export type FieldType =
  | 'text'
  | 'email'
  | 'number'
  | 'tel'
  | 'url'
  | 'search'
  | 'date'
  | 'datetime-local'
  | 'time'
  | 'month'
  | 'week'
  | 'range'
  | 'color'
  | 'select'
  | 'select-multiple'
  | 'radio'
  | 'checkbox'
  | 'textarea'
  | 'contenteditable';

/** A value a field holds or is given: text, a checkbox's state, or a multiple select's choices. */
export type FieldValue = string | boolean | string[];

/** One choice of a select, radio group or datalist: its value and the label a person sees. */
export interface FieldOption {
  value: string;
  label: string;
}

/** Limits the page declares; the model should respect them before filling. */
export interface FieldConstraints {
  pattern?: string;
  min?: string;
  max?: string;
  minLength?: number;
  maxLength?: number;
  step?: string;
}

/** One fillable field, as the model sees it. Plain data: it crosses the extension's messaging. */
export interface FieldSnapshot {
  /** Stable, readable, unique within the snapshot: the name fill_form uses. */
  key: string;
  label: string;
  type: FieldType;
  value: FieldValue;
  options?: FieldOption[];
  required: boolean;
  constraints?: FieldConstraints;
  /** Key of the form the field belongs to, if any. */
  form?: string;
  /** Legend of the fieldset around it. */
  group?: string;
  /** Title or name of the same-origin iframe it lives in. */
  frame?: string;
}

/** A clickable control: a button, a submit button, or a link inside a form. */
export interface ButtonSnapshot {
  key: string;
  text: string;
  kind: 'button' | 'submit' | 'link';
  form?: string;
  /** Where it goes: a link's href, or a submit button's own formaction (absolute URLs). */
  action?: string;
}

/** A form on the page that submit_form can submit. */
export interface FormInfo {
  key: string;
  label: string;
  /** Where submitting sends it (absolute URL) and how, so the approval card can say so. */
  action?: string;
  method?: string;
}

/** What get_form_state returns. */
export interface FormSnapshot {
  fields: FieldSnapshot[];
  buttons: ButtonSnapshot[];
  forms: FormInfo[];
  /** Password fields, write-only: never their value; fill_password fills one with what the user types. */
  passwords?: { key: string; label: string; writeOnly: true; form?: string }[];
  /** Says how many invisible characters were taken out of the page's text (e.g. "Removed 3 invisible characters."). */
  notice?: string;
  /** The tools the page offers of its own (WebMCP), and the line that says so. */
  pageTools?: PageToolInfo[];
  offers?: string;
}

/** Input of the get_form_state tool: it takes none. */
export type GetFormStateInput = Record<string, never>;
