/**
 * The few pieces of SpreadsheetML an Excel reader needs, read straight from the XML text: attributes of an
 * element, text with its entities decoded, shared strings, the styles that make a number a date. These parts are
 * machine-written with a small fixed grammar, and a scan with indexOf and regular expressions reads a 50,000-row
 * sheet several times faster than a general XML parser (saxes took ~2.8 s for such a sheet on the project's
 * machine); nothing here resolves entities beyond XML's five and character references, so nothing is fetched.
 */

/** An element name as written, with or without a namespace prefix (`row`, `x:row`). */
const tag = (name: string) => `<(?:[\\w.-]+:)?${name}\\b`;

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML text with its entities and OOXML's `_xHHHH_` escapes decoded. */
export function decodeXmlText(text: string): string {
  const decoded =
    text.indexOf('&') < 0
      ? text
      : text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
          if (ref[0] !== '#') return ENTITIES[ref] ?? whole;
          const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
          return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
        });
  return decoded.indexOf('_x') < 0
    ? decoded
    : decoded.replace(/_x([0-9a-f]{4})_/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** An element's attributes (the text between its name and its `>`), names without their prefix. */
export function readAttributes(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of text.matchAll(/([\w.-]+:)?([\w.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
    out[m[2]!] = decodeXmlText(m[3] ?? m[4] ?? '');
  return out;
}

/** The attributes of every `<name …>` element in `xml`, in order. */
export function elementsOf(xml: string, name: string): Array<Record<string, string>> {
  return [...xml.matchAll(new RegExp(`${tag(name)}([^>]*?)/?>`, 'g'))].map((m) => readAttributes(m[1] ?? ''));
}

const PHONETIC = new RegExp(`${tag('rPh')}[\\s\\S]*?</(?:[\\w.-]+:)?rPh>`, 'g');
const RUN = new RegExp(`${tag('t')}[^>]*?(?:/>|>([\\s\\S]*?)</(?:[\\w.-]+:)?t>)`, 'g');
/** The common shared string: one plain `<t>` run. */
const PLAIN = /^<(?:[\w.-]+:)?t(?:\s[^>]*)?>([^<]*)<\/(?:[\w.-]+:)?t>$/;

/** The text of the `<t>` runs inside `xml` (a shared string, an inline string), phonetic runs left out. */
export function runText(xml: string): string {
  const plain = PLAIN.exec(xml);
  if (plain) return decodeXmlText(plain[1]!);
  let out = '';
  for (const m of xml.replace(PHONETIC, '').matchAll(RUN)) out += decodeXmlText(m[1] ?? '');
  return out;
}

const SHARED = new RegExp(`${tag('si')}[^>]*?(?:/>|>([\\s\\S]*?)</(?:[\\w.-]+:)?si>)`, 'g');

/** The shared strings table (xl/sharedStrings.xml), one entry per `<si>`. */
export function readSharedStrings(xml: string): string[] {
  return Array.from(xml.matchAll(SHARED), (m) => runText(m[1] ?? ''));
}

/** Built-in number formats that show a date or a time (ECMA-376 18.8.30, and the CJK ones). */
const BUILT_IN_DATES = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56,
  57, 58,
]);

/** Whether a custom format code shows a date or time: a d, m, y, h or s outside quotes, brackets and escapes. */
export function isDateFormat(code: string): boolean {
  const bare = code.replace(/"[^"]*"|\[[^\]]*\]|\\.|_.|\*./g, '');
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** For each cell style index (a cell's `s`), whether it shows its number as a date. */
export function readDateStyles(stylesXml: string): boolean[] {
  const custom = new Map<number, string>();
  for (const f of elementsOf(stylesXml, 'numFmt')) custom.set(Number(f.numFmtId), f.formatCode ?? '');
  const cellXfs = new RegExp(`${tag('cellXfs')}[^>]*>([\\s\\S]*?)</(?:[\\w.-]+:)?cellXfs>`).exec(stylesXml)?.[1] ?? '';
  return elementsOf(cellXfs, 'xf').map((xf) => {
    const id = Number(xf.numFmtId ?? 0);
    const code = custom.get(id);
    return code !== undefined ? isDateFormat(code) : BUILT_IN_DATES.has(id);
  });
}

/** Excel's serial day number as a date (1900 system, or 1904 when the workbook says so), as exceljs converts it. */
export function excelSerialToDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
}
