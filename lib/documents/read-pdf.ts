/**
 * A PDF's text by page, with Mozilla's pdf.js: `--- Page N ---` markers the model can cite, only the text a
 * person can see (find-hidden-pdf-text.ts), and pages without a text layer counted as images (a scan). Runs where
 * pdf.js has a worker (the offscreen document); scripting (pdf.js's viewer layer, not used) and XFA are off, and nothing in the file (links,
 * form actions, remote fonts) is ever fetched: fonts and CMaps come from the extension's own files.
 */
import * as pdfjs from 'pdfjs-dist';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { isHiddenItem, scanPdfTextVisibility } from './find-hidden-pdf-text';
import { documentError, type DocumentError } from './document-error';
import { PAGE_IMAGE_LIMITS, renderPdfPage, type PageImage } from './render-pdf-page';

export interface PdfAssets {
  /** URL of pdf.js's worker script (the extension's own copy); unset, the caller has set GlobalWorkerOptions. */
  workerSrc?: string;
  /** Base URL of the bundled CMaps (CJK fonts need them to map glyphs to text). */
  cMapUrl?: string;
  standardFontDataUrl?: string;
}

export interface PdfText {
  title: string;
  pageCount: number;
  /** Pages read (at most maxPages). */
  pagesRead: number;
  /** One entry per page read, text as the page shows it. */
  pages: string[];
  /** 1-based numbers of pages with no text but an image: scanned. */
  imagePages: number[];
  /** Text pieces left out because a person could not see them. */
  hiddenItems: number;
  /** The first scanned pages as images (only when asked for: `renderScans`). */
  pageImages?: PageImage[];
}

export async function readPdf(
  bytes: Uint8Array,
  options: PdfAssets & { maxPages: number; signal?: AbortSignal; password?: string; renderScans?: boolean },
): Promise<PdfText> {
  if (options.workerSrc) pdfjs.GlobalWorkerOptions.workerSrc = options.workerSrc;
  const task = pdfjs.getDocument({
    // pdf.js takes ownership of the buffer: give it a copy so the caller's bytes stay usable.
    data: bytes.slice(),
    // No fetch from the worker and no WASM decoders to fetch: fonts and CMaps come from the URLs given here.
    useWorkerFetch: false,
    useWasm: false,
    enableXfa: false,
    disableFontFace: true,
    useSystemFonts: false,
    ...(options.cMapUrl ? { cMapUrl: options.cMapUrl, cMapPacked: true } : {}),
    ...(options.standardFontDataUrl ? { standardFontDataUrl: options.standardFontDataUrl } : {}),
    ...(options.password !== undefined ? { password: options.password } : {}),
  });
  const stop = () => void task.destroy();
  options.signal?.addEventListener('abort', stop, { once: true });
  try {
    const doc = await task.promise.catch((error: unknown) => {
      throw toDocumentError(error);
    });
    const meta = await doc.getMetadata().catch(() => undefined);
    const info = meta?.info as { Title?: unknown } | undefined;
    const out: PdfText = {
      title: typeof info?.Title === 'string' ? info.Title : '',
      pageCount: doc.numPages,
      pagesRead: Math.min(doc.numPages, options.maxPages),
      pages: [],
      imagePages: [],
      hiddenItems: 0,
    };
    for (let n = 1; n <= out.pagesRead; n++) {
      options.signal?.throwIfAborted();
      const page = await doc.getPage(n);
      const [content, ops] = await Promise.all([page.getTextContent(), page.getOperatorList()]);
      const scan = scanPdfTextVisibility(ops, pdfjs.OPS);
      const [x0, y0, x1, y1] = page.view as [number, number, number, number];
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        const it = item as TextItem;
        const [x, y] = [it.transform[4]!, it.transform[5]!];
        const outside = x > x1 || y > y1 || x + it.width < x0 || y + it.height < y0;
        if (it.str.trim() && (outside || isHiddenItem(it.str, scan))) {
          out.hiddenItems++;
          continue;
        }
        text += it.str + (it.hasEOL ? '\n' : '');
      }
      // Left-out pieces leave their line ends behind: one line end between lines of text.
      text = text
        .replace(/[ \t]+\n/g, '\n')
        .replace(/\n{2,}/g, '\n')
        .trim();
      out.pages.push(text);
      if (!text && scan.hasImage) out.imagePages.push(n);
      page.cleanup();
    }
    // For a model that takes images: the first scanned pages drawn, bounded in count and size.
    if (options.renderScans && out.imagePages.length) {
      out.pageImages = [];
      for (const n of out.imagePages.slice(0, PAGE_IMAGE_LIMITS.maxPages)) {
        options.signal?.throwIfAborted();
        const page = await doc.getPage(n);
        out.pageImages.push(await renderPdfPage(page));
        page.cleanup();
      }
    }
    return out;
  } finally {
    options.signal?.removeEventListener('abort', stop);
    void task.destroy();
  }
}

/** pdf.js's failure as the project's error: its message completes "Could not read NAME: …". */
function toDocumentError(error: unknown): DocumentError {
  const e = error as { name?: string; code?: number; message?: string };
  if (e?.name === 'PasswordException')
    return documentError(
      e.code === pdfjs.PasswordResponses.INCORRECT_PASSWORD ? 'wrong_password' : 'needs_password',
      e.code === pdfjs.PasswordResponses.INCORRECT_PASSWORD
        ? 'the password is not right'
        : 'it is protected with a password',
    );
  return documentError('corrupt_file', `it is not a readable PDF (${e?.message ?? String(error)})`);
}
