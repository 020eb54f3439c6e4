import { Allowlist } from './allowlist';
import { nameOf } from './element-name';
import { rowContext } from './row-context';
import { textOf } from './field-label';
import { elementState, isInView } from './element-state';
import {
  constraintsOf,
  formLabel,
  isRequired,
  optionsOf,
  radioGroup,
  radioGroupLabel,
  usableRadios,
} from './field-facts';
import { fieldKindOf } from './field-kind';
import type { FieldType } from './form-snapshot';
import { interactiveRole } from './interactive-role';
import { isRendered } from './layout-memo';
import { isFieldVisible, withAncestorCache } from './is-field-visible';
import { isSensitiveField } from './is-sensitive-field';
import { isUsableOption } from './is-usable-option';
import { isPasswordField } from './is-password-field';
import { countRegions, isInside, regionKind } from './page-regions';
import {
  PAGE_STATE_LIMITS,
  type GetPageStateInput,
  type PageElement,
  type PageRegion,
  type PageState,
} from './page-state';
import { readFieldValue } from './read-field-value';
import type { RefBook } from './ref-book';
import { invisibleCharsNotice, stripInvisibleChars, type InvisibleCharCount } from './strip-invisible-chars';
import { walkFormRoots } from './walk-form-roots';
import { shownChoice } from './shown-choice';
import { isTransparentCombobox } from './is-transparent-combobox';

/** A page snapshot for the model, and what stays in the content script: the allowlist, labels and regions. */
export interface PageStateResult {
  state: PageState;
  allowlist: Allowlist;
  /** Names of the listed form fields, by ref (for fill previews). */
  labels: Map<string, string>;
  /** The regions listed, by ref: what a later call may be scoped to. */
  regions: Map<string, Element>;
}

export interface SnapshotPageOptions {
  refs: RefBook;
  /** The element a scope ref named in the run's previous snapshot. */
  scopeOf?: (ref: string) => Element | undefined;
}

interface Candidate {
  el: Element;
  role: string;
  frame?: HTMLIFrameElement;
}

/**
 * Lists what a person can interact with on the page: form fields, links, buttons, ARIA widgets,
 * contenteditable hosts and elements that behave as controls, across open shadow roots and same-origin
 * frames, in document order. The full visibility verdict (hidden-verdict, as for forms) and the secret
 * check run on the elements of the page of the list returned, so a 5,000-element page stays fast; a
 * hidden element takes no place in the list, and only what is listed enters the allowlist: fill_form,
 * submit_form, click and the other actions reach exactly what the model was shown.
 */
export function snapshotPage(doc: Document, input: GetPageStateInput, options: SnapshotPageOptions): PageStateResult {
  return withAncestorCache(() => snapshotOnce(doc, input, options));
}

function snapshotOnce(
  doc: Document,
  input: GetPageStateInput,
  { refs, scopeOf }: SnapshotPageOptions,
): PageStateResult {
  let scope: Element | undefined;
  if (input.scope !== undefined) {
    scope = scopeOf?.(input.scope);
    if (!scope?.isConnected)
      throw new Error(
        `"${input.scope}" is not a region or element of the last page snapshot; call get_page_state without scope to see the regions`,
      );
  }
  const candidates: Candidate[] = [];
  const seenRadios = new Set<Element>();
  walkFormRoots(doc, (el, where) => {
    if (scope && (el === scope || !isInside(scope, el))) return;
    const role = interactiveRole(el, where.root);
    // checkVisibility is the cheap first pass; the full verdict comes for the listed page below.
    if (!role || (!isRendered(el) && !isStyledChoice(el) && !isTransparentCombobox(el))) return;
    if (role === 'radio' && el.tagName === 'INPUT') {
      // A radio group is one entry, listed where its first radio sits.
      if (seenRadios.has(el)) return;
      for (const r of radioGroup(el as HTMLInputElement)) seenRadios.add(r);
    }
    candidates.push({ el, role, ...(where.frame ? { frame: where.frame } : {}) });
  });

  // A page whose every control is a bare element with a listener (a feed, a card menu) is never an empty list:
  // the short texts and icons a person would click are offered, said to be unsure.
  const unsure = candidates.length === 0;
  if (unsure) for (const el of shortTextLeaves(scope ?? doc.body)) candidates.push({ el, role: 'clickable' });

  const allowlist = new Allowlist();
  const labels = new Map<string, string>();
  const regionRefs = new Map<string, Element>();
  const regions = describeRegions(
    candidates.map((c) => c.el),
    refs,
    allowlist,
    regionRefs,
  );
  const offset = input.offset ?? 0;
  const max = input.maxElements ?? PAGE_STATE_LIMITS.defaultElements;
  const elements: PageElement[] = [];
  let i = offset;
  for (; i < candidates.length && elements.length < max; i++) {
    const entry = describe(candidates[i] as Candidate, refs, allowlist, labels);
    if (entry) elements.push(entry);
  }
  const dialogEntry = regions.find((r) => r.kind === 'dialog');
  const state: PageState = {
    title: doc.title.slice(0, 200),
    url: doc.URL,
    elements,
    total: candidates.length,
    offset,
    ...(i < candidates.length ? { nextOffset: i } : {}),
    regions,
    ...(dialogEntry ? { dialog: { ref: dialogEntry.ref, name: dialogEntry.name } } : {}),
  };
  const notice = [cleanText(state), unsure ? emptyNotice(doc, scope, elements.length) : undefined]
    .filter(Boolean)
    .join(' ');
  return { state: notice ? { ...state, notice } : state, allowlist, labels, regions: regionRefs };
}

/** What the model is told when no element said it was a control. */
function emptyNotice(doc: Document, scope: Element | undefined, listed: number): string | undefined {
  if (listed)
    return 'No element here says it is a control (no role, no handler a page script can see, no pointer cursor): the short texts and icons listed as "clickable" are what a person would try to click; a click that changes nothing says so (noVisibleChange).';
  const text = ((scope ?? doc.body) as HTMLElement | null)?.innerText?.trim();
  return text
    ? 'Tabwise found no control on a part of the page that shows content: this is a Tabwise bug (please report it). read_page shows the text.'
    : undefined;
}

const NOT_CONTROLS =
  /^(SCRIPT|STYLE|TEMPLATE|NOSCRIPT|PRE|CODE|H[1-6]|LABEL|OPTION|TITLE|HEAD|HTML|BODY|P|LI|UL|OL|TABLE|TBODY|TR|FORM|FIELDSET|LEGEND|MAIN|ARTICLE|SECTION|HEADER|FOOTER|NAV)$/;

/** Visible leaves with a short text (a word or a few) or only an icon, in document order: what a person would click. */
function shortTextLeaves(root: Element | null): Element[] {
  if (!root) return [];
  const out: Element[] = [];
  for (const el of root.querySelectorAll('*')) {
    if (out.length >= 300) break;
    if (NOT_CONTROLS.test(el.tagName) || (el.closest('svg') !== null && el.tagName.toLowerCase() !== 'svg')) continue;
    const iconOnly = Array.from(el.children).every((c) => /^(svg|i|img)$/i.test(c.tagName));
    if (!iconOnly) continue;
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
    const icon = el.children.length > 0;
    if (!icon && (!text || text.length > 40 || text.split(' ').length > 6)) continue;
    if (text.length > 40) continue;
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    out.push(el);
  }
  return out;
}

/** A native checkbox or radio hidden behind its styled label still counts; isFieldVisible decides. */
const isStyledChoice = (el: Element) =>
  el.tagName === 'INPUT' && ((el as HTMLInputElement).type === 'checkbox' || (el as HTMLInputElement).type === 'radio');

/** The entry of one candidate, registered in the allowlist; undefined when it is hidden or a secret. */
function describe(
  c: Candidate,
  refs: RefBook,
  allowlist: Allowlist,
  labels: Map<string, string>,
): PageElement | undefined {
  const { el, role } = c;
  let type: FieldType | undefined = fieldKindOf(el);
  let elements = [el as HTMLElement];
  if (type === 'radio') {
    elements = usableRadios(radioGroup(el as HTMLInputElement));
    if (!elements.length) return undefined;
  } else if (!isFieldVisible(el)) return undefined;
  // A hidden or disabled option is none a person could pick: not listed, so never clicked or chosen by ref.
  if (role === 'option' && !isUsableOption(el)) return undefined;
  const named = type === 'radio' ? { name: radioGroupLabel(elements as HTMLInputElement[]) } : nameOf(el, role);
  const name = named.name;
  if (isPasswordField(el)) return describePassword(el as HTMLInputElement, name, refs, allowlist);
  if (/^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName) && isSensitiveField(el, name)) return undefined;
  const ref = refs.refOf(el, 'e', (r) => allowlist.hasButton(r) || allowlist.field(r) !== undefined);
  const out: PageElement = {
    ref,
    role: type === 'radio' ? 'radiogroup' : role,
    name,
    ...(named.guessed ? { nameGuessed: true as const } : {}),
    ...elementState(el, role),
    inView: isInView(el),
  };
  if (type && !out.disabled) {
    allowlist.addField(ref, type, elements);
    labels.set(ref, name);
    out.type = type;
    out.value = readFieldValue(type, elements);
    const options = optionsOf(el as HTMLElement, type, elements as HTMLInputElement[]);
    if (options) out.options = options;
    if (isRequired(elements)) out.required = true;
    const constraints = constraintsOf(el as HTMLElement);
    if (constraints) out.constraints = constraints;
    if (type === 'radio') delete out.checked;
  } else type = undefined;
  // Every listed element can be clicked (a read-only input that opens a picker, a span link, an option).
  allowlist.addButton(ref, type === 'radio' ? (elements[0] as HTMLElement) : (el as HTMLElement));
  if (el.tagName === 'A' && el.hasAttribute('href')) out.href = (el as HTMLAnchorElement).href.slice(0, 2000);
  const form = (el as HTMLButtonElement).form;
  if (form && (el as HTMLButtonElement).type === 'submit' && (el.tagName === 'BUTTON' || el.tagName === 'INPUT')) {
    const formRef = allowlist.formKeyOf(form);
    if (formRef) out.submits = formRef;
  }
  const shows = role === 'combobox' ? shownChoice(el as HTMLElement) : undefined;
  if (shows) out.shows = shows;
  if (c.frame) out.frame = c.frame.title || c.frame.name || c.frame.getAttribute('src') || 'iframe';
  const row = rowContext(el, name);
  if (row) out.row = row;
  return out;
}

/** A password field as a write-only entry: its ref, role and name, never its value (not even its length). */
function describePassword(el: HTMLInputElement, name: string, refs: RefBook, allowlist: Allowlist): PageElement {
  const ref = refs.refOf(
    el,
    'e',
    (r) => allowlist.hasButton(r) || allowlist.field(r) !== undefined || allowlist.hasSecret(r),
  );
  const disabled = el.disabled || el.readOnly;
  if (!disabled) allowlist.addSecret(ref, el);
  return {
    ref,
    role: 'textbox',
    name,
    writeOnly: true,
    ...(disabled ? { disabled: true } : {}),
    ...(el.required ? { required: true } : {}),
    inView: isInView(el),
  };
}

/** The regions around the candidates (forms, dialogs, lists, tables, landmarks); forms enter the allowlist for submit_form. */
function describeRegions(
  elements: Element[],
  refs: RefBook,
  allowlist: Allowlist,
  regionRefs: Map<string, Element>,
): PageRegion[] {
  const regions: PageRegion[] = [];
  for (const [el, count] of countRegions(elements)) {
    if (regions.length >= 40) break;
    if (!isFieldVisible(el)) continue;
    const ref = refs.refOf(el, 'r', () => false);
    regionRefs.set(ref, el);
    const kind = regionKind(el);
    if (kind === 'form') {
      const form = el as HTMLFormElement;
      allowlist.addForm(ref, form);
      const action = absoluteUrl(form.getAttribute('action') ?? '', form.ownerDocument.baseURI);
      regions.push({
        ref,
        kind,
        name: formLabel(form),
        count,
        action,
        method: (form.getAttribute('method') || 'get').toLowerCase(),
      });
    } else {
      regions.push({ ref, kind, name: regionName(el), count });
    }
  }
  return regions;
}

/** Takes invisible characters out of every page-written string the model reads; returns the notice. */
function cleanText(state: PageState): string | undefined {
  const count: InvisibleCharCount = { removed: 0 };
  const clean = (t: string) => stripInvisibleChars(t, count);
  state.title = clean(state.title);
  for (const e of state.elements) {
    e.name = clean(e.name);
    if (typeof e.value === 'string') e.value = clean(e.value);
    else if (Array.isArray(e.value)) e.value = e.value.map(clean);
    if (e.options) e.options = e.options.map((o) => ({ value: clean(o.value), label: clean(o.label) }));
    if (e.frame !== undefined) e.frame = clean(e.frame);
    if (e.row !== undefined) e.row = clean(e.row);
    if (e.shows !== undefined) e.shows = clean(e.shows);
  }
  for (const r of state.regions) r.name = clean(r.name);
  if (state.dialog) state.dialog.name = clean(state.dialog.name);
  return invisibleCharsNotice(count);
}

/** A URL resolved as the browser would, or as written when it is not one. */
function absoluteUrl(raw: string, base: string): string {
  try {
    return new URL(raw, base).href;
  } catch (error) {
    void error; // not a URL the browser could follow either: shown as written
    return raw;
  }
}

/** A region's name: its ARIA label, else its caption, legend or first heading (never all of its text). */
function regionName(el: Element): string {
  const root = el.getRootNode() as Document | ShadowRoot;
  const labelledBy = el.getAttribute('aria-labelledby');
  const byId = labelledBy
    ? labelledBy
        .split(/\s+/)
        .map((id) => textOf(root.getElementById(id)))
        .filter(Boolean)
        .join(' ')
    : '';
  const text =
    byId ||
    el.getAttribute('aria-label')?.trim() ||
    textOf(el.querySelector(':scope > caption, :scope > legend, h1, h2, h3, h4, h5, h6'));
  return text.replace(/\s+/g, ' ').slice(0, 80);
}
