/**
 * The one extension address an answer may link to: the spreadsheet reader page with a checked source and range
 * (lib/documents/sheet-range.ts), as its canonical address; undefined for anything else, or outside the extension.
 */
import { parseSheetViewUrl, sheetViewUrl } from '../../lib/documents/sheet-range';

export function ownSheetView(href: string): string | undefined {
  const base = globalThis.chrome?.runtime?.getURL?.('/');
  if (!base) return undefined;
  const view = parseSheetViewUrl(href, base);
  return view ? sheetViewUrl(base, view) : undefined;
}
