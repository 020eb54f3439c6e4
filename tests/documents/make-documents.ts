/** Real files made the way their tools make them: PDFs with pdf-lib, workbooks with exceljs, Word files as OOXML zips. */
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { encryptPdf } from './encrypt-pdf';

export interface PdfLine {
  text: string;
  color?: [number, number, number];
  size?: number;
  x?: number;
  y?: number;
}

/** One entry per page; an empty page list draws nothing on it. */
export async function makePdf(pages: PdfLine[][], title = 'Quarterly report'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([600, 800]);
    lines.forEach((l, i) =>
      page.drawText(l.text, {
        x: l.x ?? 50,
        y: l.y ?? 750 - i * 20,
        size: l.size ?? 12,
        font,
        color: rgb(...(l.color ?? [0, 0, 0])),
      }),
    );
  }
  return doc.save();
}

/**
 * A PDF that opens only with `password` (encrypt-pdf.ts): its pages as makePdf draws them, without metadata (the
 * title would be a string outside the streams).
 */
export async function makeEncryptedPdf(pages: PdfLine[][], password: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([600, 800]);
    lines.forEach((l, i) => page.drawText(l.text, { x: 50, y: 750 - i * 20, size: l.size ?? 12, font }));
  }
  return encryptPdf(await doc.save({ useObjectStreams: false }), password);
}

/** A page that is only an image (a scan without a text layer). */
export async function makeScannedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  // A 1×1 PNG, stretched over the page.
  const png = Uint8Array.from(
    atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
    (c) => c.charCodeAt(0),
  );
  const image = await doc.embedPng(png);
  doc.addPage([600, 800]).drawImage(image, { x: 0, y: 0, width: 600, height: 800 });
  return doc.save();
}

export async function makeXlsx(sheets: Record<string, unknown[][]>): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = wb.addWorksheet(name);
    for (const row of rows) ws.addRow(row);
  }
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** A minimal Word document: paragraphs, the first a heading. */
export async function makeDocx(paragraphs: string[]): Promise<Uint8Array> {
  const zip = new JSZip();
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  const body = paragraphs
    .map((p, i) =>
      i === 0
        ? `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>${esc(p)}</w:t></w:r></w:p>`
        : `<w:p><w:r><w:t>${esc(p)}</w:t></w:r></w:p>`,
    )
    .join('');
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}
