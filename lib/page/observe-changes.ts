import type { Allowlist } from './allowlist';
import { deepActiveElement } from './deep-active-element';
import { elementName } from './element-name';
import { fieldKindOf } from './field-kind';
import { interactiveRole } from './interactive-role';
import { isFieldVisible, withAncestorCache } from './is-field-visible';
import { isSensitiveField } from './is-sensitive-field';
import type { PageChanges } from './page-changes';
import { readFieldValue } from './read-field-value';
import type { RefBook } from './ref-book';
import { stripInvisibleChars } from './strip-invisible-chars';
import { walkFormRoots } from './walk-form-roots';

const DIALOG = 'dialog[open], [role="dialog"], [role="alertdialog"], [aria-modal="true"]';
const MAX_LISTED = 15;

/** A light picture of the page: its URL, open dialogs, interactive elements and field values. */
interface Picture {
  url: string;
  dialogs: Set<Element>;
  interactive: Set<Element>;
  values: Map<Element, string>;
  focused: Element | null;
}

function picture(doc: Document): Picture {
  const p: Picture = {
    url: doc.URL,
    dialogs: new Set(),
    interactive: new Set(),
    values: new Map(),
    focused: deepActiveElement(doc),
  };
  walkFormRoots(doc, (el) => {
    if (el.matches(DIALOG) && el.checkVisibility()) p.dialogs.add(el);
    if (!interactiveRole(el) || !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return;
    p.interactive.add(el);
    const kind = fieldKindOf(el);
    if (kind && kind !== 'radio') p.values.set(el, JSON.stringify(readFieldValue(kind, [el as HTMLElement])));
    else if (kind === 'radio') p.values.set(el, String((el as HTMLInputElement).checked));
  });
  return p;
}

export interface ObserveOptions {
  refs: RefBook;
  /** The run's allowlist: elements that appear are added to it, so the next action can use their refs. */
  allowlist: Allowlist;
  /** The run's scopable regions: dialogs that open are added, so get_page_state can be scoped to the ref reported. */
  regions?: Map<string, Element>;
  /** Quiet time that counts as settled, and the most to wait. */
  quietMs?: number;
  maxMs?: number;
  /** Told how long the settle wait took: the page's own work after the action, which a benchmark leaves out of the action's time. */
  onSettled?: (waitedMs: number) => void;
}

/**
 * Runs `act` and answers what it changed: a light picture of the page before, then, once the page has
 * been quiet for a moment (MutationObserver) or starts to unload, a picture after, compared. Elements that
 * appeared are given refs and added to the allowlist after the same checks as a snapshot (visible, not a
 * secret); values of secrets are never reported.
 */
export async function observeChanges<T>(
  doc: Document,
  act: () => T | Promise<T>,
  options: ObserveOptions,
): Promise<{ result: T; changes: PageChanges }> {
  const before = withAncestorCache(() => picture(doc));
  const view = doc.defaultView;
  // Anything the page does to its document while the action runs and settles: none at all is no visible effect.
  let mutated = false;
  const watcher = view ? new view.MutationObserver(() => (mutated = true)) : undefined;
  watcher?.observe(doc.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
  let unloading = false;
  const onUnload = () => {
    unloading = true;
  };
  view?.addEventListener('beforeunload', onUnload);
  view?.addEventListener('pagehide', onUnload);
  try {
    const result = await act();
    const settleStart = performance.now();
    await settle(doc, options.quietMs ?? 80, options.maxMs ?? 1000, () => unloading);
    options.onSettled?.(performance.now() - settleStart);
    if (unloading) return { result, changes: { unloading: true } };
    const after = withAncestorCache(() => picture(doc));
    const changes = compare(before, after, options);
    if (watcher?.takeRecords().length) mutated = true;
    const seen = mutated || changes.navigated || changes.valuesChanged;
    return { result, changes: seen ? changes : { ...changes, noVisibleChange: true } };
  } finally {
    watcher?.disconnect();
    view?.removeEventListener('beforeunload', onUnload);
    view?.removeEventListener('pagehide', onUnload);
  }
}

function settle(doc: Document, quietMs: number, maxMs: number, stop: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const view = doc.defaultView ?? window;
    let timer = 0;
    const observer = new view.MutationObserver(() => arm());
    const done = () => {
      observer.disconnect();
      view.clearTimeout(timer);
      view.clearTimeout(cap);
      view.clearInterval(poll);
      resolve();
    };
    const arm = () => {
      view.clearTimeout(timer);
      timer = view.setTimeout(done, quietMs);
    };
    const cap = view.setTimeout(done, maxMs);
    const poll = view.setInterval(() => stop() && done(), 20);
    observer.observe(doc.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
    arm();
  });
}

function compare(before: Picture, after: Picture, { refs, allowlist, regions }: ObserveOptions): PageChanges {
  const changes: PageChanges = {};
  const clean = (t: string) => stripInvisibleChars(t);
  const refOf = (el: Element) => refs.refOf(el, 'e', (r) => allowlist.hasButton(r) || allowlist.field(r) !== undefined);
  if (after.url !== before.url) changes.navigated = after.url;
  const opened = [...after.dialogs].filter((d) => !before.dialogs.has(d));
  if (opened.length) {
    changes.dialogsOpened = opened.map((d) => {
      const ref = refs.refOf(d, 'r', () => false);
      regions?.set(ref, d);
      return { ref, name: clean(elementName(d)).slice(0, 80) };
    });
  }
  const closed = [...before.dialogs].filter((d) => !after.dialogs.has(d)).length;
  if (closed) changes.dialogsClosed = closed;
  const changed: NonNullable<PageChanges['valuesChanged']> = [];
  for (const [el, value] of after.values) {
    const old = before.values.get(el);
    if (old === undefined || old === value || changed.length >= MAX_LISTED) continue;
    const kind = fieldKindOf(el);
    const name = elementName(el, 'textbox');
    if (!kind || isSensitiveField(el, name)) continue;
    const v = readFieldValue(kind, [el as HTMLElement]);
    changed.push({ ref: refOf(el), name: clean(name), value: typeof v === 'string' ? clean(v).slice(0, 200) : v });
  }
  if (changed.length) changes.valuesChanged = changed;
  const appeared: NonNullable<PageChanges['appeared']> = [];
  let more = 0;
  withAncestorCache(() => {
    for (const el of after.interactive) {
      if (before.interactive.has(el) || !isFieldVisible(el)) continue;
      const role = interactiveRole(el) ?? 'clickable';
      const name = elementName(el, role);
      if (/^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName) && isSensitiveField(el, name)) continue;
      if (appeared.length >= MAX_LISTED) {
        more++;
        continue;
      }
      const ref = refOf(el);
      const kind = fieldKindOf(el);
      if (kind && kind !== 'radio') allowlist.addField(ref, kind, [el as HTMLElement]);
      allowlist.addButton(ref, el as HTMLElement);
      appeared.push({ ref, role, name: clean(name) });
    }
  });
  if (appeared.length) changes.appeared = appeared;
  if (more) changes.moreAppeared = more;
  const gone = [...before.interactive].filter((el) => !after.interactive.has(el)).length;
  if (gone) changes.disappeared = gone;
  if (after.focused !== before.focused && after.focused && after.focused !== after.focused.ownerDocument.body) {
    changes.focused =
      clean(elementName(after.focused, interactiveRole(after.focused) ?? '')).slice(0, 80) ||
      after.focused.tagName.toLowerCase();
  }
  return changes;
}
