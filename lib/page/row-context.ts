import { textOf } from './field-label';

const MAX_ROW = 100;
const CELLS =
  ':scope > td, :scope > th, :scope > [role="cell"], :scope > [role="gridcell"], :scope > [role="rowheader"]';

/**
 * What a person reads beside a control in a table row: the text of the row's other cells ("#1043 Ada
 * Lovelace $7.25" for its "Archive" link). Undefined outside a row, or for the row itself (a clickable row
 * is named by its own text), and when it only repeats the control's name (a form laid out in a table, each
 * field named by its row's header). Page text, untrusted like the name.
 */
export function rowContext(el: Element, name: string): string | undefined {
  const row = el.parentElement?.closest('tr, [role="row"]');
  if (!row) return undefined;
  const cells = Array.from(row.querySelectorAll(CELLS)).filter((cell) => !cell.contains(el));
  const text = cells
    .map((cell) => textOf(cell))
    .filter(Boolean)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text || name.includes(text)) return undefined;
  return text.length > MAX_ROW ? `${text.slice(0, MAX_ROW - 1)}…` : text;
}
