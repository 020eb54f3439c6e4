import type { Allowlist } from './allowlist';
import { elementName } from './element-name';
import { elementState, isInView } from './element-state';
import type { FieldSnapshot } from './form-snapshot';
import { interactiveRole } from './interactive-role';
import { isFieldVisible, withAncestorCache } from './is-field-visible';
import { isSensitiveField } from './is-sensitive-field';
import { countRegions, isInside, regionKind } from './page-regions';
import { PAGE_STATE_LIMITS, type GetPageStateInput, type PageElement, type PageRegion, type PageState } from './page-state';
import type { RefBook } from './ref-book';
import { snapshotForms } from './snapshot-forms';
import { invisibleCharsNotice, stripInvisibleChars, type InvisibleCharCount } from './strip-invisible-chars';
import { walkFormRoots } from './walk-form-roots';

/** A page snapshot for the model, and what stays in the content script: the allowlist, labels and regions. */
export interface PageStateResult {
  state: PageState;
  allowlist: Allowlist;
  /** Names of the listed form fields, by ref (for fill previews). */
  labels: Map<string, string>;
  /** The regions listed, by ref: what a later call may be scoped to. */
  regions: Map<string, Element>;
}

/** Where to look up a scope ref from the previous snapshot of this run. */
export interface SnapshotPageOptions {
  refs: RefBook;
  /** The element a scope ref named in the run's previous snapshot. */
  scopeOf?: (ref: string) => Element | undefined;
}

interface Found {
  el: Element;
  role: string;
  field?: FieldSnapshot;
  frame?: HTMLIFrameElement;
}

/**
 * Lists what a person can interact with on the page: the form snapshot's fields, buttons and forms (under
 * the same keys, so fill_form and submit_form take them as refs), plus links, ARIA widgets, contenteditable
 * hosts and elements that behave as controls, across open shadow roots and same-origin frames. Hidden
 * elements and secrets are left out as in the form snapshot. Every listed element is in the allowlist, so
 * click and the other actions reach exactly what was listed. Names are computed only for the page of the
 * list returned, which keeps a 5,000-element page fast.
 */
export function snapshotPage(doc: Document, input: GetPageStateInput, options: SnapshotPageOptions): PageStateResult {
  return withAncestorCache(() => snapshotOnce(doc, input, options));
}

function snapshotOnce(doc: Document, input: GetPageStateInput, { refs, scopeOf }: SnapshotPageOptions): PageStateResult {
  const { allowlist, fields, buttons, forms } = snapshotForms(doc);
  const fieldOf = new Map<Element, FieldSnapshot>();
  for (const f of fields) for (const ref of allowlist.field(f.key)?.elements ?? []) { const el = ref.deref(); if (el) fieldOf.set(el, f); }
  const buttonKey = new Map<Element, string>();
  for (const b of buttons) { const el = allowlist.button(b.key); if (el) buttonKey.set(el, b.key); }
  const formKeys = new Set(forms.map((f) => f.key));
  const taken = (ref: string) => allowlist.field(ref) !== undefined || allowlist.hasButton(ref) || formKeys.has(ref);

  let scope: Element | undefined;
  if (input.scope !== undefined) {
    scope = allowlist.form(input.scope) ?? scopeOf?.(input.scope);
    if (!scope?.isConnected) throw new Error(`"${input.scope}" is not a region or element of the last page snapshot; call get_page_state without scope to see the regions`);
  }

  const found: Found[] = [];
  const listedFields = new Set<string>();
  walkFormRoots(doc, (el, where) => {
    const field = fieldOf.get(el);
    if (field) {
      // A radio group is one entry (its options are listed in it), where its first radio sits.
      if (listedFields.has(field.key)) return;
      listedFields.add(field.key);
      found.push({ el, role: field.type === 'radio' ? 'radiogroup' : interactiveRole(el) ?? 'textbox', field, frame: where.frame });
      return;
    }
    const role = interactiveRole(el);
    if (!role || el.tagName === 'INPUT' && (el as HTMLInputElement).type === 'radio' && fieldOfGroup(el, fieldOf)) return;
    // Native controls the form snapshot left out for a reason other than being read-only or disabled stay out.
    if (/^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName) && isSensitiveField(el, '')) return;
    if (!buttonKey.has(el) && !isFieldVisible(el)) return;
    found.push({ el, role, frame: where.frame });
  });
  const inScope = scope ? found.filter((f) => f.el !== scope && isInside(scope as Element, f.el)) : found;

  const regionRefs = new Map<string, Element>();
  const formKeyOf = (el: Element) => (el.tagName === 'FORM' ? allowlist.formKeyOf(el as HTMLFormElement) : undefined);
  const regions: PageRegion[] = [];
  for (const [el, count] of countRegions(inScope.map((f) => f.el))) {
    if (!isFieldVisible(el) && el.tagName !== 'FORM') continue;
    const ref = formKeyOf(el) ?? refs.refOf(el, 'r', taken);
    regionRefs.set(ref, el);
    const form = forms.find((f) => f.key === ref);
    regions.push({ ref, kind: regionKind(el), name: form?.label || elementName(el).slice(0, 80), count, ...(form?.action ? { action: form.action } : {}), ...(form?.method ? { method: form.method } : {}) });
    if (regions.length >= 40) break;
  }

  const offset = input.offset ?? 0;
  const max = input.maxElements ?? PAGE_STATE_LIMITS.defaultElements;
  const labels = new Map<string, string>();
  const refOf = (f: Found) => f.field?.key ?? buttonKey.get(f.el) ?? refs.refOf(f.el, 'e', taken);
  for (const f of inScope) {
    const ref = refOf(f);
    if (!f.field && !buttonKey.has(f.el)) allowlist.addButton(ref, f.el as HTMLElement);
  }
  const elements = inScope.slice(offset, offset + max).map((f) => describe(f, refOf(f), buttons.find((b) => b.key === buttonKey.get(f.el))?.form, labels));
  const dialogEntry = regions.find((r) => r.kind === 'dialog');
  const state: PageState = {
    title: doc.title.slice(0, 200),
    url: doc.URL,
    elements,
    total: inScope.length,
    offset,
    ...(offset + max < inScope.length ? { nextOffset: offset + max } : {}),
    regions,
    ...(dialogEntry ? { dialog: { ref: dialogEntry.ref, name: dialogEntry.name } } : {}),
  };
  const notice = cleanText(state);
  return { state: notice ? { ...state, notice } : state, allowlist, labels, regions: regionRefs };
}

function fieldOfGroup(radio: Element, fieldOf: Map<Element, FieldSnapshot>): boolean {
  const name = (radio as HTMLInputElement).name;
  if (!name) return false;
  for (const el of fieldOf.keys()) if (el.tagName === 'INPUT' && (el as HTMLInputElement).name === name && (el as HTMLInputElement).form === (radio as HTMLInputElement).form) return true;
  return false;
}

function describe(f: Found, ref: string, submits: string | undefined, labels: Map<string, string>): PageElement {
  const { el, role, field } = f;
  const name = elementName(el, role) || field?.label || '';
  const out: PageElement = { ref, role, name, ...elementState(el, role), inView: isInView(el) };
  if (field) {
    labels.set(ref, field.label || name);
    out.type = field.type;
    out.value = field.value;
    if (field.options) out.options = field.options;
    if (field.required) out.required = true;
    if (field.constraints) out.constraints = field.constraints;
    if (field.type === 'radio') {
      out.name = field.label || name;
      delete out.checked;
    }
  }
  if (el.tagName === 'A' && el.hasAttribute('href')) out.href = (el as HTMLAnchorElement).href.slice(0, 2000);
  if (submits && (el as HTMLButtonElement).type === 'submit') out.submits = submits;
  if (f.frame) out.frame = f.frame.title || f.frame.name || f.frame.getAttribute('src') || 'iframe';
  return out;
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
  }
  for (const r of state.regions) r.name = clean(r.name);
  if (state.dialog) state.dialog.name = clean(state.dialog.name);
  return invisibleCharsNotice(count);
}
