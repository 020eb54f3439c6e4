import { computeAccessibleName } from 'dom-accessibility-api';
import { fieldLabel, textOf } from './field-label';
import { iconName } from './icon-name';
import { passMemo } from './pass-memo';

const MAX_NAME = 100;
const LIGATURE_LIKE = /^[a-z][a-z0-9_]*$/;

/**
 * The name a person would give `el`: the ARIA accessible name (dom-accessibility-api), else the header of
 * its table cell (row and column), else the label-like text before it or its placeholder. Whitespace is
 * collapsed and the name clipped; the text is the page's and is treated as untrusted by the caller.
 */
export function elementName(el: Element, role = ''): string {
  return nameOf(el, role).name;
}

/**
 * The name with where it came from: `guessed` when it was read off a class name (an icon with nothing else to
 * tell it by), which the snapshot says so the model does not take it for the page's own word.
 */
export function nameOf(el: Element, role = ''): { name: string; guessed?: true } {
  // A tree item is named by its own row, not by the items of its open group.
  if (role === 'treeitem' && el.querySelector('[role="group"]')) return { name: clip(ownRowText(el)) };
  const own = accessibleName(el);
  if (own) return { name: clip(own) };
  // Controls that take input are named by what stands beside them; the others (a clickable div) by their own text.
  // A slider drawn as a bare handle (no ARIA) is named by the label before its track, not by the handle.
  const handle = role === 'slider' && el.tagName !== 'INPUT' && !el.hasAttribute('aria-valuenow');
  if (handle) return { name: clip(tableHeaderName(el) || fieldLabel(el.parentElement ?? el).text) };
  if (INPUT_ROLES.has(role)) return { name: clip(tableHeaderName(el) || fieldLabel(el).text) };
  const text = textOf(el) || el.getAttribute('title')?.trim() || '';
  // Icons are looked at only where there are no words, or one word that may be a ligature ("mark_email_unread").
  const icon = !text || LIGATURE_LIKE.test(text) ? iconName(el) : undefined;
  if (icon && !icon.guessed) return { name: clip(icon.name) };
  if (text) return { name: clip(text) };
  return icon ? { name: clip(icon.name), guessed: true } : { name: '' };
}

/** The text of a tree item outside its nested groups (its own row). */
function ownRowText(el: Element): string {
  const parts: string[] = [];
  for (const c of el.childNodes) {
    if (c.nodeType === 3) parts.push(c.nodeValue ?? '');
    else if (c.nodeType === 1 && (c as Element).getAttribute('role') !== 'group') parts.push(textOf(c as Element));
  }
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

const INPUT_ROLES = new Set([
  'textbox',
  'searchbox',
  'combobox',
  'listbox',
  'slider',
  'spinbutton',
  'checkbox',
  'radio',
  'switch',
  'radiogroup',
]);

function accessibleName(el: Element): string {
  try {
    return computeAccessibleName(el, NAME_OPTIONS).replace(/\s+/g, ' ').trim();
  } catch (error) {
    // A page can build markup the computation does not expect (a detached labelled-by chain); fall back.
    console.debug('Tabwise: accessible name not computed', error);
    return '';
  }
}

/**
 * The computed style dom-accessibility-api reads (`display` and `visibility`, through getPropertyValue), kept for
 * the pass (pass-memo.ts) by element and property: a snapshot names a hundred elements whose labels and texts
 * share nodes, and each name computation asks each node again. Nothing is kept after the pass, which never
 * changes the page. Pseudo-element content stays off, as it is by default.
 */
const NAME_OPTIONS = {
  computedStyleSupportsPseudoElements: false,
  getComputedStyle: (el: Element, pseudo?: string | null): CSSStyleDeclaration => {
    const view = el.ownerDocument.defaultView ?? window;
    const memo = pseudo ? undefined : passMemo<Map<string, string>>('name-style');
    if (!memo) return view.getComputedStyle(el, pseudo);
    let values = memo.get(el);
    if (!values) memo.set(el, (values = new Map()));
    let style: CSSStyleDeclaration | undefined;
    const cached = values;
    return {
      getPropertyValue(name: string): string {
        let value = cached.get(name);
        if (value === undefined)
          cached.set(name, (value = (style ??= view.getComputedStyle(el)).getPropertyValue(name)));
        return value;
      },
    } as CSSStyleDeclaration;
  },
};

/** "Row header — Column header" of the table cell around `el`, as a person reads a grid of inputs. */
export function tableHeaderName(el: Element): string {
  const cell = el.closest('td, th');
  const row = cell?.parentElement;
  const table = cell?.closest('table');
  if (!cell || !row || !table || !(cell instanceof (el.ownerDocument.defaultView ?? window).HTMLTableCellElement))
    return '';
  const rowHeader = Array.from(row.children).find((c) => c !== cell && c.tagName === 'TH');
  const headRow = table.tHead?.rows[0] ?? (table.rows[0] !== row ? table.rows[0] : undefined);
  const colHeader = headRow?.cells[cell.cellIndex];
  const parts = [rowHeader ? textOf(rowHeader) : '', colHeader?.tagName === 'TH' ? textOf(colHeader) : ''].filter(
    Boolean,
  );
  return parts.join(' — ');
}

function clip(text: string): string {
  return text.length > MAX_NAME ? `${text.slice(0, MAX_NAME - 1)}…` : text;
}
