import { readPage, type PageReading } from './read-page';

/** Elements that load, run or navigate: taken out before the document is shown to the reader. */
const ACTIVE =
  'script, iframe, frame, frameset, object, embed, applet, link, meta, base, portal, video, audio, source, track, picture source';
/** Marks, in order, the elements whose inline style is set again through the CSSOM once rendered. */
const STYLE_MARK = 'data-tabwise-style';
/** Attributes that fetch something when the element is rendered. */
const FETCHING_ATTRIBUTES = [
  'src',
  'srcset',
  'poster',
  'background',
  'data',
  'ping',
  'imagesrcset',
  'action',
  'formaction',
];

/**
 * Reads fetched HTML with read_page's reader: the same Readability and Markdown path, and the same rule that
 * only what a person would see gets in. The document is rendered in a sandboxed frame (no scripts, nothing
 * fetched: scripts, frames, links and sources are removed first, and the extension page's CSP loads nothing
 * remote), so hidden CSS is judged as it would be on the live page. Links are made absolute against `url`.
 */
export function readHtml(html: string, url: string, input: { maxChars: number }): PageReading {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  for (const el of Array.from(parsed.querySelectorAll(ACTIVE))) el.remove();
  for (const el of Array.from(parsed.querySelectorAll('*'))) {
    for (const name of el.getAttributeNames()) {
      if (name.startsWith('on') || name === STYLE_MARK || FETCHING_ATTRIBUTES.includes(name)) el.removeAttribute(name);
    }
    if (el.tagName === 'A') absolutize(el, url);
  }
  // The page's CSS goes in through the CSSOM, which the extension page's CSP (no inline styles) does not
  // block: without it, text the page hides with a class would count as visible. Imports and url() would
  // fetch, so they go; the rules that hide text stay.
  const css = Array.from(parsed.querySelectorAll('style'), (style) => {
    const text = (style.textContent ?? '').replace(/@import[^;]*;?/gi, '').replace(/url\([^)]*\)/gi, 'none');
    style.remove();
    return text;
  }).join('\n');
  const inline = Array.from(parsed.querySelectorAll('[style]'), (el) => {
    const text = el.getAttribute('style') ?? '';
    el.removeAttribute('style');
    el.setAttribute(STYLE_MARK, '');
    return text.replace(/url\([^)]*\)/gi, 'none');
  });
  const rendered = renderInFrame(parsed, css, inline);
  try {
    const reading = readPage(rendered?.doc ?? parsed, { maxChars: input.maxChars });
    return { ...reading, url, title: reading.title || (parsed.title ?? '').trim() };
  } finally {
    rendered?.remove();
  }
}

/** Where Markdown links point: absolute http(s) addresses, or nothing. */
function absolutize(a: Element, base: string): void {
  const href = a.getAttribute('href');
  if (!href) return;
  try {
    const abs = new URL(href, base);
    if (abs.protocol === 'http:' || abs.protocol === 'https:') a.setAttribute('href', abs.href);
    else a.removeAttribute('href');
  } catch (error) {
    void error; // not a URL: the text stays, the link goes
    a.removeAttribute('href');
  }
}

/**
 * A live, laid-out copy of `parsed` in a sandboxed frame of this document (out of view, but rendered, so
 * computed style and boxes exist); undefined where there is no document to host it (the DOM-less worker).
 */
function renderInFrame(parsed: Document, css: string, inline: string[]): { doc: Document; remove(): void } | undefined {
  if (typeof document === 'undefined' || !document.body) return undefined;
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-same-origin');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText = 'position:fixed;left:-20000px;top:0;width:1280px;height:900px;border:0;';
  document.body.append(frame);
  const doc = frame.contentDocument;
  if (!doc) {
    frame.remove();
    return undefined;
  }
  doc.replaceChild(doc.importNode(parsed.documentElement, true), doc.documentElement);
  const view = doc.defaultView;
  if (view) {
    const sheet = new view.CSSStyleSheet();
    try {
      sheet.replaceSync(css);
    } catch (error) {
      void error; // unparseable CSS is ignored rule by rule by the parser; a throw here means none applies
    }
    doc.adoptedStyleSheets = [sheet];
    doc.querySelectorAll<HTMLElement>(`[${STYLE_MARK}]`).forEach((el, i) => {
      el.removeAttribute(STYLE_MARK);
      el.style.cssText = inline[i] ?? '';
    });
  }
  return { doc, remove: () => frame.remove() };
}
