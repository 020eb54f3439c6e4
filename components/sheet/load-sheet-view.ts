/**
 * What the reader page shows for its address: the cited rows of a spreadsheet with its header, read from where
 * the file is (an attachment's bytes in IndexedDB, or the web address fetched again by the worker), with the
 * same reader and row numbers as the text the model read. An address that is not exactly a checked reader-page
 * address shows nothing but why.
 */
import { readSheets } from '../../lib/documents/read-sheets';
import { parseSheetViewUrl, sliceSheetRows, type SheetRows, type SheetSource } from '../../lib/documents/sheet-range';
import { t } from '../ui/t';

export interface SheetFile {
  bytes: Uint8Array;
  name: string;
  mediaType: string;
}

export type SheetViewResult = { status: 'ok'; file: string; view: SheetRows } | { status: 'error'; message: string };

export interface SheetViewDeps {
  /** The extension's own base URL (chrome.runtime.getURL('/')). */
  base: string;
  /** An attached file's bytes, or undefined when it is no longer kept. */
  attachment(id: string): Promise<SheetFile | undefined>;
  /** A web spreadsheet's bytes, fetched by the worker. */
  fetchUrl(url: string): Promise<SheetFile>;
}

const fileOf = (source: SheetSource, deps: SheetViewDeps) =>
  source.kind === 'attachment' ? deps.attachment(source.id) : deps.fetchUrl(source.url);

export async function loadSheetView(href: string, deps: SheetViewDeps): Promise<SheetViewResult> {
  const view = parseSheetViewUrl(href, deps.base);
  if (!view) return { status: 'error', message: t('sheet_view_bad_link') };
  try {
    const file = await fileOf(view.source, deps);
    if (!file) return { status: 'error', message: t('sheet_view_gone') };
    const rows = sliceSheetRows(await readSheets(file), view.range);
    if (!rows) return { status: 'error', message: t('sheet_view_no_sheet', file.name, view.range.sheet) };
    return { status: 'ok', file: file.name, view: rows };
  } catch (error) {
    return { status: 'error', message: error instanceof Error ? error.message : String(error) };
  }
}
