/**
 * An Excel workbook's sheets, read from its parts with the zip reader we already have and the browser's own
 * inflater: every cell as the text the file stores for it (a formula's cached result, a hyperlink's text, never
 * its address), bounded in rows. Formulas are never evaluated here: the reader takes the value Excel last
 * computed, so `=WEBSERVICE(...)` is at most the text it once returned. Hidden sheets and hidden rows are left out.
 * (exceljs's whole-workbook load, styles and all, read ~12,000 rows a second; this reads only what is shown.)
 */
import { inflateZipEntry, readZipDirectory, type ZipEntry } from './read-zip-directory';
import { scanSheetXml, type SheetStyles } from './scan-sheet-xml';
import type { Sheet } from './sheet-to-text';
import { elementsOf, readDateStyles, readSharedStrings } from './xlsx-xml';

/** A part's path resolved against the folder of the part that names it (`worksheets/sheet1.xml` from xl/). */
function resolvePart(from: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = from.split('/').slice(0, -1);
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.') parts.push(piece);
  }
  return parts.join('/');
}

/** The rels part of `part` (`xl/workbook.xml` → `xl/_rels/workbook.xml.rels`). */
const relsOf = (part: string) => {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
};

export async function readXlsx(bytes: Uint8Array, maxRows: number, signal?: AbortSignal): Promise<Sheet[]> {
  const entries = readZipDirectory(bytes);
  if (!entries) throw new Error('its zip directory is damaged');
  const byName = new Map<string, ZipEntry>(entries.map((e) => [e.name, e]));
  const decoder = new TextDecoder();
  const text = async (name: string): Promise<string | undefined> => {
    const entry = byName.get(name);
    return entry && decoder.decode(await inflateZipEntry(bytes, entry));
  };
  const rootRels = elementsOf((await text('_rels/.rels')) ?? '', 'Relationship');
  const workbookPart = resolvePart(
    '',
    rootRels.find((r) => r.Type?.endsWith('/officeDocument'))?.Target ?? 'xl/workbook.xml',
  );
  const workbook = await text(workbookPart);
  if (workbook === undefined) throw new Error('it has no workbook part');
  const rels = new Map(
    elementsOf((await text(relsOf(workbookPart))) ?? '', 'Relationship').map((r) => [r.Id ?? '', r]),
  );
  const partOf = (type: string) => {
    const rel = [...rels.values()].find((r) => r.Type?.endsWith(`/${type}`));
    return rel?.Target ? resolvePart(workbookPart, rel.Target) : undefined;
  };
  const sharedStringsPart = partOf('sharedStrings');
  const stylesPart = partOf('styles');
  const pr = elementsOf(workbook, 'workbookPr')[0];
  const styles: SheetStyles = {
    sharedStrings: readSharedStrings((sharedStringsPart && (await text(sharedStringsPart))) ?? ''),
    dateStyles: readDateStyles((stylesPart && (await text(stylesPart))) ?? ''),
    date1904: pr?.date1904 === '1' || pr?.date1904 === 'true',
  };
  const sheets: Sheet[] = [];
  let budget = maxRows;
  for (const sheet of elementsOf(workbook, 'sheet')) {
    signal?.throwIfAborted();
    if (sheet.state === 'hidden' || sheet.state === 'veryHidden') continue;
    const target = rels.get(sheet.id ?? '')?.Target;
    const xml = target && (await text(resolvePart(workbookPart, target)));
    if (xml === undefined) continue;
    const { rows, totalRows } = await scanSheetXml(xml, styles, budget, signal);
    budget -= rows.length;
    sheets.push({ name: sheet.name ?? '', rows, totalRows });
    if (budget <= 0) break;
  }
  return sheets;
}
