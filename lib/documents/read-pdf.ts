/**
 * A PDF's text by page, with Mozilla's pdf.js: `--- Page N ---` markers the model can cite, only the text a
 * person can see (find-hidden-pdf-text.ts), and pages without a text layer counted as images (a scan). Runs where
 * pdf.js has a worker (the offscreen document); scripting (pdf.js's viewer layer, not used) and XFA are off, and nothing in the file (links,
 * form actions, remote fonts) is ever fetched: fonts and CMaps come from the extension's own files.
 *
 * Images are decoded only where they can change what is read: the file is opened once without them (their paint
 * operators left out, nothing decoded), and a page whose images decide (find-hidden-pdf-text.ts `imagesDecide`:
 * no visible text, or invisible text that may be an OCR layer) is listed again from a second opening with them.
 * Reads share one pdf.js worker while they come one after another (see `takeWorker`).
 */
import * as pdfjs from 'pdfjs-dist';
import type { TextContent, TextItem } from 'pdfjs-dist/types/src/display/api';
import { imagesDecide, isHiddenItem, scanPdfTextVisibility, type HiddenTextScan } from './find-hidden-pdf-text';
import { documentError, isDocumentError, type DocumentError } from './document-error';
import { PAGE_IMAGE_LIMITS, renderPdfPage, type PageImage } from './render-pdf-page';

/**
 * pdf.js's maxImageSize that keeps every image out: no image is decoded, and its paint operator is left out of the
 * page's operator list (pdf.js stops at the size check, before the image is read).
 */
const NO_IMAGES = 0;

/**
 * pdf.js's worker outlives a read, for the next one: starting one (loading and compiling its script) costs more than
 * reading a short file. One worker is kept, idle, for this long; a read takes it only when it is free (reads at the
 * same time each start their own, as before), and one that was stopped or failed other than by its file's fault
 * ends its worker: a worker still busy with a hostile file is never handed to another read.
 */
const PDF_WORKER_IDLE_MS = 60_000;

let idle: { worker: pdfjs.PDFWorker; src: string; timer: ReturnType<typeof setTimeout> } | undefined;

function takeWorker(src: string): pdfjs.PDFWorker {
  const kept = idle;
  idle = undefined;
  if (kept) {
    clearTimeout(kept.timer);
    if (kept.src === src && !kept.worker.destroyed) return kept.worker;
    kept.worker.destroy();
  }
  return new pdfjs.PDFWorker();
}

function keepWorker(worker: pdfjs.PDFWorker, src: string, keep: boolean) {
  if (!keep || idle || worker.destroyed) return void worker.destroy();
  const timer = setTimeout(() => {
    if (idle?.worker === worker) idle = undefined;
    worker.destroy();
  }, PDF_WORKER_IDLE_MS);
  idle = { worker, src, timer };
}

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
  const workerSrc = pdfjs.GlobalWorkerOptions.workerSrc;
  const worker = takeWorker(workerSrc);
  /** Whether the worker may serve the next read: this one ended, by its answer or by its file's fault. */
  let reusable = false;
  const tasks: pdfjs.PDFDocumentLoadingTask[] = [];
  const open = (images: boolean) => {
    const task = pdfjs.getDocument({
      worker,
      // pdf.js takes ownership of the buffer: give it a copy so the caller's bytes stay usable.
      data: bytes.slice(),
      // No fetch from the worker and no WASM decoders to fetch: fonts and CMaps come from the URLs given here.
      useWorkerFetch: false,
      useWasm: false,
      enableXfa: false,
      disableFontFace: true,
      useSystemFonts: false,
      ...(images ? {} : { maxImageSize: NO_IMAGES }),
      ...(options.cMapUrl ? { cMapUrl: options.cMapUrl, cMapPacked: true } : {}),
      ...(options.standardFontDataUrl ? { standardFontDataUrl: options.standardFontDataUrl } : {}),
      ...(options.password !== undefined ? { password: options.password } : {}),
    });
    tasks.push(task);
    return task.promise.catch((error: unknown) => {
      throw toDocumentError(error);
    });
  };
  const stop = () => tasks.forEach((task) => void task.destroy());
  options.signal?.addEventListener('abort', stop, { once: true });
  const read = async (): Promise<PdfText> => {
    const doc = await open(false);
    /** The file opened again with its images, for the pages they decide and the scans drawn (opened once, if ever). */
    let withImages: Promise<pdfjs.PDFDocumentProxy> | undefined;
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
      let scan = scanPdfTextVisibility(ops, pdfjs.OPS);
      let seen = visibleText(content, page.view, scan);
      if (imagesDecide(scan, seen.text)) {
        // This page's images decide whether it is a scan and whether its invisible text is an OCR layer: its
        // operator list again, images and all, and its text read against that.
        const full = await (withImages ??= open(true)).then((d) => d.getPage(n));
        scan = scanPdfTextVisibility(await full.getOperatorList(), pdfjs.OPS);
        full.cleanup();
        seen = visibleText(content, page.view, scan);
      }
      out.hiddenItems += seen.hidden;
      out.pages.push(seen.text);
      if (!seen.text && scan.hasImage) out.imagePages.push(n);
      page.cleanup();
    }
    // For a model that takes images: the first scanned pages drawn, bounded in count and size.
    if (options.renderScans && out.imagePages.length) {
      out.pageImages = [];
      const full = await (withImages ??= open(true));
      for (const n of out.imagePages.slice(0, PAGE_IMAGE_LIMITS.maxPages)) {
        options.signal?.throwIfAborted();
        const page = await full.getPage(n);
        out.pageImages.push(await renderPdfPage(page));
        page.cleanup();
      }
    }
    return out;
  };
  try {
    // Stopped, the read ends at once: a task destroyed mid-request leaves pdf.js's pending answers unsettled.
    const out = await untilStopped(read(), options.signal);
    reusable = true;
    return out;
  } catch (error) {
    reusable = isDocumentError(error);
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', stop);
    stop();
    keepWorker(worker, workerSrc, reusable && !options.signal?.aborted);
  }
}

/** `work`, or the signal's reason as soon as it is stopped (`work` is left to settle, or not, unwatched). */
function untilStopped<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  work.catch(() => undefined);
  return new Promise<T>((resolve, reject) => {
    const stopped = () => reject(signal.reason);
    if (signal.aborted) return stopped();
    signal.addEventListener('abort', stopped, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stopped));
  });
}

/** A page's text as a person sees it (see find-hidden-pdf-text.ts), and how many pieces were left out. */
function visibleText(content: TextContent, view: number[], scan: HiddenTextScan): { text: string; hidden: number } {
  const [x0, y0, x1, y1] = view as [number, number, number, number];
  let text = '';
  let hidden = 0;
  for (const item of content.items) {
    if (!('str' in item)) continue;
    const it = item as TextItem;
    const [x, y] = [it.transform[4]!, it.transform[5]!];
    const outside = x > x1 || y > y1 || x + it.width < x0 || y + it.height < y0;
    if (it.str.trim() && (outside || isHiddenItem(it.str, scan))) {
      hidden++;
      continue;
    }
    text += it.str + (it.hasEOL ? '\n' : '');
  }
  // Left-out pieces leave their line ends behind: one line end between lines of text.
  text = text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
  return { text, hidden };
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
