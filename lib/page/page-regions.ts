import type { PageRegion } from './page-state';

/** What a region is, as a selector would say it: `form, dialog, [role="dialog"], ul, ...` (tags by local name, roles exactly). */
const REGION_TAGS = new Set(['form', 'dialog', 'ul', 'ol', 'table', 'nav', 'main', 'search']);
const REGION_ROLES = new Set([
  'dialog',
  'alertdialog',
  'list',
  'listbox',
  'menu',
  'menubar',
  'tree',
  'grid',
  'tablist',
  'navigation',
  'main',
  'search',
]);

/** Whether `el` is a region; two reads instead of matching a 19-part selector against every ancestor. */
const isRegion = (el: Element): boolean => {
  if (REGION_TAGS.has(el.localName)) return true;
  const role = el.getAttribute('role');
  return role !== null && REGION_ROLES.has(role);
};

/** The parent across shadow roots and into the frame's own document only (regions stay within one document). */
const parentOf = (el: Element): Element | null =>
  el.parentElement ?? (el.parentNode && 'host' in el.parentNode ? (el.parentNode as ShadowRoot).host : null);

/** What kind of region `el` is. */
export function regionKind(el: Element): PageRegion['kind'] {
  const role = el.getAttribute('role');
  const tag = el.tagName;
  if (tag === 'FORM') return 'form';
  if (tag === 'DIALOG' || role === 'dialog' || role === 'alertdialog') return 'dialog';
  if (tag === 'TABLE' || role === 'grid') return 'table';
  if (role === 'menu' || role === 'menubar' || role === 'tablist') return 'menu';
  if (tag === 'NAV' || role === 'navigation') return 'navigation';
  if (tag === 'MAIN' || role === 'main') return 'main';
  if (tag === 'SEARCH' || role === 'search') return 'search';
  return 'list';
}

/**
 * The regions around the listed elements and how many each holds: every form and dialog, and the lists,
 * tables and landmarks that hold at least `minCount` elements (smaller ones are not worth a scope).
 */
export function countRegions(elements: Element[], minCount = 3): Map<Element, number> {
  const counts = new Map<Element, number>();
  // The regions above each ancestor, worked out once: candidates share most of their ancestors.
  const above = new Map<Element, Element[]>();
  const regionsFrom = (p: Element | null): Element[] => {
    if (!p) return [];
    let list = above.get(p);
    if (!list) {
      const outer = regionsFrom(parentOf(p));
      list = isRegion(p) ? [p, ...outer] : outer;
      above.set(p, list);
    }
    return list;
  };
  for (const el of elements) for (const p of regionsFrom(parentOf(el))) counts.set(p, (counts.get(p) ?? 0) + 1);
  for (const [region, count] of counts) {
    const kind = regionKind(region);
    if (kind !== 'form' && kind !== 'dialog' && count < minCount) counts.delete(region);
  }
  return counts;
}

/** Whether `inner` lies inside `outer`, across open shadow roots. */
export function isInside(outer: Element, inner: Element): boolean {
  for (let p: Element | null = inner; p; p = parentOf(p)) if (p === outer) return true;
  return false;
}
