import type { Allowlist } from './allowlist';
import { isPasswordField } from './is-password-field';
import { isSensitiveField } from './is-sensitive-field';
import { walkFormRoots } from './walk-form-roots';

/** The colour every mask is painted in. */
const MASK_COLOUR = '#000000';

/** What the page agent drew for one screenshot. */
export interface ScreenshotMasks {
  masked: number;
  labelled: number;
  /** Removes everything drawn (idempotent). */
  remove(): void;
}

/** A field's label as a person reads it, enough for the sensitive-field check. */
const labelOf = (el: Element) =>
  [el.getAttribute('aria-label'), ...Array.from((el as HTMLInputElement).labels ?? [], (l) => l.textContent)]
    .filter(Boolean)
    .join(' ');

/** Fields that must not be seen in a screenshot: passwords, card numbers, CVCs, one-time codes. */
function secretFields(doc: Document): Element[] {
  const found: Element[] = [];
  walkFormRoots(doc, (el, where) => {
    if (where.frame) return; // frames are painted by their own document; masks here are drawn for this one
    if (!/^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName)) return;
    if (isPasswordField(el) || isSensitiveField(el, labelOf(el))) found.push(el);
  });
  return found;
}

/**
 * Draws an opaque box over every secret field in view, and (with `labels`) the snapshot refs beside their
 * elements, in one fixed layer on top of the page, so the screenshot taken next shows neither the secrets
 * nor anything the page could style. The caller removes them right after the capture, also when it fails.
 */
export function drawScreenshotMasks(doc: Document, options: { labels?: Allowlist } = {}): ScreenshotMasks {
  const layer = doc.createElement('div');
  layer.setAttribute('data-tabwise-screenshot', '');
  layer.style.cssText =
    'position:fixed;inset:0;pointer-events:none;z-index:2147483647;margin:0;padding:0;border:0;background:none;';
  const root = layer.attachShadow({ mode: 'closed' });
  const box = (rect: DOMRect, css: string, text = '') => {
    const d = doc.createElement('div');
    d.textContent = text;
    d.style.cssText = `position:fixed;left:${rect.left}px;top:${rect.top}px;width:${rect.width}px;height:${rect.height}px;${css}`;
    root.appendChild(d);
  };
  let masked = 0;
  for (const el of secretFields(doc)) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    // A little wider than the field, so its border and a focus ring cannot show a glyph's edge.
    box(new DOMRect(r.left - 2, r.top - 2, r.width + 4, r.height + 4), `background:${MASK_COLOUR};`);
    masked++;
  }
  let labelled = 0;
  for (const [ref, el] of options.labels?.buttonEntries() ?? []) {
    if (!el.isConnected || el.ownerDocument !== doc) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || r.bottom < 0 || r.top > innerHeight) continue;
    box(
      new DOMRect(r.left, Math.max(0, r.top - 14), 0, 0),
      'width:auto;height:auto;font:bold 11px/13px monospace;color:#000;background:#ffd400;padding:0 2px;border:1px solid #000;',
      ref,
    );
    labelled++;
  }
  (doc.body ?? doc.documentElement).appendChild(layer);
  return { masked, labelled, remove: () => layer.remove() };
}
