import type { PageToolInfo } from './page-tool-info';
import type { FieldConstraints, FieldOption, FieldType, FieldValue } from './form-snapshot';

/** Input of get_page_state: which part of the page, and which page of the list. */
export interface GetPageStateInput {
  /** A region's ref (a form, dialog or list from `regions`), or any element ref: only what lies inside it. */
  scope?: string;
  /** How many elements to skip (nextOffset of the previous call). */
  offset?: number;
  /** Most elements to list (default 100). */
  maxElements?: number;
}

/** Limits of one get_page_state answer, so a big page never floods the model. */
export const PAGE_STATE_LIMITS = { defaultElements: 100, maxElements: 300, maxName: 100, maxValue: 200 } as const;

/** One element a person can interact with, as the model sees it. Plain data: it crosses the extension's messaging. */
export interface PageElement {
  /** Short, stable within this document: what click, type, select, fill_form and the others take. */
  ref: string;
  /** ARIA role ('button', 'link', 'textbox', 'combobox', 'slider', ...), or 'clickable' for a control detected by its behaviour. */
  role: string;
  /** Accessible name, else a table header, a preceding label or a placeholder. */
  name: string;
  /** The name was read off a class name (an icon with no label, title or text): a guess, not the page's word. */
  nameGuessed?: true;
  /** For form fields: their type (fill_form writes them by this ref). */
  type?: FieldType;
  value?: FieldValue;
  options?: FieldOption[];
  checked?: boolean | 'mixed';
  selected?: boolean;
  expanded?: boolean;
  disabled?: boolean;
  required?: boolean;
  constraints?: FieldConstraints;
  /** A link's destination (absolute URL). */
  href?: string;
  /** Ref of the form it submits, for submit buttons. */
  submits?: string;
  /** A password field: listed without its value; only fill_password writes it, with what the user types. */
  writeOnly?: true;
  /** Whether it is inside the viewport now. */
  inView: boolean;
  /** Title or name of the same-origin iframe it lives in. */
  frame?: string;
  /** For a control inside a table row: the text of the row's other cells, which tells apart the "Delete" buttons of a list. */
  row?: string;
  /** What a custom select around an empty text input shows as chosen (react-select and the like). */
  shows?: string;
}

/** A part of the page that get_page_state can be scoped to. */
export interface PageRegion {
  ref: string;
  kind: 'form' | 'dialog' | 'list' | 'table' | 'menu' | 'navigation' | 'main' | 'search';
  name: string;
  /** Interactive elements inside it. */
  count: number;
  /** For forms: where and how submitting sends it. */
  action?: string;
  method?: string;
}

/** What get_page_state returns. */
export interface PageState {
  title: string;
  url: string;
  elements: PageElement[];
  /** Elements in the (scoped) snapshot, of which `elements` is the page from `offset`. */
  total: number;
  offset: number;
  nextOffset?: number;
  regions: PageRegion[];
  /** Set while a dialog is open: its region ref and name. */
  dialog?: { ref: string; name: string };
  notice?: string;
  /** The tools the page offers of its own (WebMCP), and the line that says so (first page of an unscoped snapshot). */
  pageTools?: PageToolInfo[];
  offers?: string;
}
