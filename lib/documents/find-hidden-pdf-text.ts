/**
 * Text a PDF draws that a person does not see: white or near-white fill, invisible render modes (3 and 7), text
 * smaller than a point, text placed outside the page box. Read from the page's operator list (pdf.js turns every
 * colour space into `setFillRGBColor` with a hex colour), so it holds whatever the text layer says. The one
 * exception is the OCR layer of a scanned page: invisible text drawn over an image is what the image shows.
 * A list made without the page's images (read-pdf.ts leaves them out, undecoded, when they cannot matter) gives
 * the same answer for every page `imagesDecide` does not name.
 */
export interface PdfOps {
  fnArray: number[];
  argsArray: unknown[];
}

/** The operator codes used here (pdf.js `OPS`), passed in so this file needs no pdf.js import to be tested. */
export interface PdfOpCodes {
  save: number;
  restore: number;
  setFillRGBColor: number;
  setTextRenderingMode: number;
  setFont: number;
  setTextMatrix: number;
  showText: number;
  showSpacedText: number;
  nextLineShowText: number;
  nextLineSetSpacingShowText: number;
  paintImageXObject: number;
  paintInlineImageXObject: number;
  paintImageXObjectRepeat: number;
}

interface State {
  fill: string;
  renderMode: number;
  fontSize: number;
  matrixScale: number;
}

/** Near white: every channel at 0xF0 or above (white on white, and the "almost white" trick). */
const nearWhite = (hex: string) => /^#[f][0-9a-f][f][0-9a-f][f][0-9a-f]$/i.test(hex);

function glyphText(arg: unknown): string {
  if (!Array.isArray(arg)) return '';
  return arg
    .map((g: unknown) =>
      g && typeof g === 'object' && 'unicode' in g ? String((g as { unicode: string }).unicode) : '',
    )
    .join('');
}

export interface HiddenTextScan {
  /** Strings drawn hidden, each as pdf.js would list it in the text content. */
  hidden: string[];
  /** Strings drawn visibly. */
  visible: string[];
  /** The page paints at least one image (a scan, or a figure). */
  hasImage: boolean;
  /**
   * Text drawn in an invisible render mode (3 or 7) at a readable size: an OCR layer, read, when the page paints
   * an image; hidden when it does not.
   */
  invisibleModeText: boolean;
}

export function scanPdfTextVisibility(ops: PdfOps, codes: PdfOpCodes): HiddenTextScan {
  const stack: State[] = [];
  let state: State = { fill: '#000000', renderMode: 0, fontSize: 12, matrixScale: 1 };
  const hidden: string[] = [];
  const visible: string[] = [];
  let hasImage = false;
  const invisibleModeTexts = new Set<string>();
  const images = new Set([codes.paintImageXObject, codes.paintInlineImageXObject, codes.paintImageXObjectRepeat]);
  const shows = new Set([
    codes.showText,
    codes.showSpacedText,
    codes.nextLineShowText,
    codes.nextLineSetSpacingShowText,
  ]);
  ops.fnArray.forEach((fn, i) => {
    const args = ops.argsArray[i] as unknown[] | null;
    if (fn === codes.save) stack.push({ ...state });
    else if (fn === codes.restore) state = stack.pop() ?? state;
    else if (fn === codes.setFillRGBColor && typeof args?.[0] === 'string') state.fill = args[0];
    else if (fn === codes.setTextRenderingMode && typeof args?.[0] === 'number') state.renderMode = args[0];
    else if (fn === codes.setFont && typeof args?.[1] === 'number') state.fontSize = Math.abs(args[1]);
    else if (fn === codes.setTextMatrix) {
      const m = (
        Array.isArray(args?.[0]) || ArrayBuffer.isView(args?.[0]) ? args[0] : args
      ) as ArrayLike<number> | null;
      if (m && m.length >= 4) state.matrixScale = Math.hypot(Number(m[2]), Number(m[3])) || 1;
    } else if (images.has(fn)) hasImage = true;
    else if (shows.has(fn)) {
      const text = glyphText(fn === codes.nextLineSetSpacingShowText ? args?.[2] : args?.[0]).trim();
      if (!text) return;
      const invisibleMode = state.renderMode === 3 || state.renderMode === 7;
      const tiny = state.fontSize * state.matrixScale < 1;
      (invisibleMode || tiny || nearWhite(state.fill) ? hidden : visible).push(text);
      if (invisibleMode && !tiny) invisibleModeTexts.add(text);
    }
  });
  // A scanned page's OCR layer: invisible-mode text over an image is what the image shows.
  if (hasImage && invisibleModeTexts.size) {
    for (let i = hidden.length - 1; i >= 0; i--)
      if (invisibleModeTexts.has(hidden[i]!)) visible.push(...hidden.splice(i, 1));
  }
  return { hidden, visible, hasImage, invisibleModeText: invisibleModeTexts.size > 0 };
}

/**
 * Whether a page's images can change what is read of it, from its scan and the text a person sees on it: a page
 * with no such text is a scan when it paints an image, and invisible-mode text is an OCR layer only over one.
 * Any other page reads the same with or without its images.
 */
export function imagesDecide(scan: HiddenTextScan, visibleText: string): boolean {
  return !visibleText || scan.invisibleModeText;
}
/**
 * Whether a text-content string is hidden: it is part of a hidden draw and of no visible one (pdf.js may split
 * or join draws into items, so containment is checked both ways).
 */
export function isHiddenItem(str: string, scan: HiddenTextScan): boolean {
  const s = str.trim();
  if (!s) return false;
  const inHidden = scan.hidden.some((h) => h.includes(s) || s.includes(h));
  if (!inHidden) return false;
  return !scan.visible.some((v) => v.includes(s));
}
