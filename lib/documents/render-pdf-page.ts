/**
 * A PDF page as a JPEG, for a model that takes images when the page is a scan (an image without a text layer):
 * drawn by pdf.js on an OffscreenCanvas in the offscreen document, its longer side at most `maxSide` pixels.
 */
// Types only: pdf.js itself loads with read-pdf.ts, where a PDF is read (this file's limits are read elsewhere too).
import type { PDFPageProxy } from 'pdfjs-dist';

/** pdf.js's AnnotationMode.DISABLE, as a value that does not load pdf.js. */
const ANNOTATIONS_DISABLED = 0;

/** An image of a page, as tool results carry images (base64 without a data: prefix). */
export interface PageImage {
  page: number;
  mediaType: 'image/jpeg';
  data: string;
  width: number;
  height: number;
}

/** How many scanned pages are rendered at most, and how large (the longer side, in pixels). */
export const PAGE_IMAGE_LIMITS = { maxPages: 4, maxSide: 1024, quality: 0.8 };

export async function renderPdfPage(page: PDFPageProxy, maxSide = PAGE_IMAGE_LIMITS.maxSide): Promise<PageImage> {
  const base = page.getViewport({ scale: 1 });
  // Never larger than twice the page's own size: a small scan gains nothing by being blown up.
  const scale = Math.min(maxSide / Math.max(base.width, base.height), 2);
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.floor(viewport.width));
  const height = Math.max(1, Math.floor(viewport.height));
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d')!;
  // JPEG has no transparency: a white page, as a reader sees it.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  await page.render({
    canvas: canvas as unknown as HTMLCanvasElement,
    canvasContext: context as unknown as CanvasRenderingContext2D,
    viewport,
    // The print intent draws without requestAnimationFrame, which never fires in the hidden offscreen document
    // (the display intent waits on it between chunks); no annotations, links or form widgets are drawn.
    intent: 'print',
    annotationMode: ANNOTATIONS_DISABLED,
  }).promise;
  const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: PAGE_IMAGE_LIMITS.quality });
  return { page: page.pageNumber, mediaType: 'image/jpeg', data: toBase64(await blob.arrayBuffer()), width, height };
}

function toBase64(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
