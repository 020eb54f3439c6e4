/** Real files made the way their tools make them: PDFs with pdf-lib, workbooks with exceljs, Word files as OOXML zips. */
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import zlib from 'node:zlib';
import { PDFDocument, StandardFonts, TextRenderingMode, rgb, setTextRenderingMode, type PDFFont } from 'pdf-lib';
import { encryptPdf } from './encrypt-pdf';

export interface PdfLine {
  text: string;
  color?: [number, number, number];
  size?: number;
  x?: number;
  y?: number;
  /** Drawn in render mode 3 (neither filled nor stroked), as an OCR layer is. */
  invisible?: boolean;
}

/** A 1×1 PNG (browser-safe: no zlib needed), for pages that paint an image. */
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** One entry per page; an empty page list draws nothing on it. */
export async function makePdf(pages: PdfLine[][], title = 'Quarterly report'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) drawLines(doc.addPage([600, 800]), lines, font);
  return doc.save();
}

type PdfPage = ReturnType<PDFDocument['addPage']>;

function drawLines(page: PdfPage, lines: PdfLine[], font: PDFFont) {
  lines.forEach((l, i) => {
    if (l.invisible) page.pushOperators(setTextRenderingMode(TextRenderingMode.Invisible));
    page.drawText(l.text, {
      x: l.x ?? 50,
      y: l.y ?? 750 - i * 20,
      size: l.size ?? 12,
      font,
      color: rgb(...(l.color ?? [0, 0, 0])),
    });
    if (l.invisible) page.pushOperators(setTextRenderingMode(TextRenderingMode.Fill));
  });
}

/**
 * Pages of text as makePdf draws them, each over an image when it says so: `scan` stretches it over the whole
 * page (a scanned page; its text, drawn `invisible`, is the OCR layer), `photo` puts it in a corner (a figure).
 */
export async function makeImagePdf(pages: Array<{ image?: 'scan' | 'photo'; lines: PdfLine[] }>): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const image = await doc.embedPng(Uint8Array.from(atob(ONE_PIXEL_PNG), (c) => c.charCodeAt(0)));
  for (const { image: kind, lines } of pages) {
    const page = doc.addPage([600, 800]);
    if (kind === 'scan') page.drawImage(image, { x: 0, y: 0, width: 600, height: 800 });
    if (kind === 'photo') page.drawImage(image, { x: 400, y: 50, width: 150, height: 150 });
    drawLines(page, lines, font);
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
  const image = await doc.embedPng(Uint8Array.from(atob(ONE_PIXEL_PNG), (c) => c.charCodeAt(0)));
  doc.addPage([600, 800]).drawImage(image, { x: 0, y: 0, width: 600, height: 800 });
  return doc.save();
}

/** An RGB PNG of noise (it does not compress): a photo's weight without a photo. Node's zlib makes it. */
export function makeNoisePng(width: number, height: number, seed = 1): Uint8Array {
  const { deflateSync, crc32 } = zlib;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < raw.length; i++) {
    if (i % (width * 3 + 1) === 0) continue; // each row's filter byte: none
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    raw[i] = x & 0xff;
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/** A report as people send them: `pages` pages of text and a photo on each of the first `photos`. */
export async function makePhotoPdf(pages: number, photos: number, photoSide = 600): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Annual report');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([600, 800]);
    for (let l = 0; l < 30; l++)
      page.drawText(`Page ${p + 1} line ${l + 1}: revenue grew in the third quarter.`, {
        x: 50,
        y: 750 - l * 20,
        size: 11,
        font,
      });
    if (p < photos) {
      const image = await doc.embedPng(makeNoisePng(photoSide, photoSide, p + 1));
      page.drawImage(image, { x: 50, y: 50, width: 200, height: 200 });
    }
  }
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
