/**
 * Where a link in an answer opens: a spreadsheet citation (`https://host/q3.xlsx#sheet=Q3&rows=201-260`, written
 * as a PDF's `#page=N` is) opens the extension's reader page at those rows instead of downloading the file; any
 * other link opens as it is. Only a citation whose range sheet-range.ts accepts becomes the reader page.
 */
import { parseSheetCitation, sheetViewUrl } from '../../lib/documents/sheet-range';
import { ownSheetView } from '../ui/own-sheet-view';

/** The reader page's address for a spreadsheet citation, or undefined for any other link. */
export function sheetReaderFor(url: string, base = globalThis.chrome?.runtime?.getURL?.('/')): string | undefined {
  const view = parseSheetCitation(url);
  return view && base ? sheetViewUrl(base, view) : undefined;
}

/** Whether `url` carries a spreadsheet citation fragment (valid or not): such a link never opens as it is. */
export const looksLikeSheetCitation = (url: string) => /#sheet=/.test(url);

/**
 * Opens the extension's own reader page when `url` is exactly a checked reader-page address (an attached
 * spreadsheet's citation); answers whether it did. Nothing else of the extension opens from an answer.
 */
export function openOwnSheetView(url: string): boolean {
  const own = ownSheetView(url);
  if (own) void window.open(own, '_blank', 'noopener,noreferrer');
  return own !== undefined;
}
