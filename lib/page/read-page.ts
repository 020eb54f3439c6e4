import { Readability } from '@mozilla/readability';
import type TurndownService from 'turndown';
import { createMarkdownConverter } from './create-markdown-converter';
import { pruneInvisible, type PruneOptions } from './prune-invisible';
import { isEditableRegion } from './is-editable-region';
import { sliceText } from './slice-text';
import { convertWindow } from './convert-window';
import { hiddenVerdict } from './hidden-verdict';
import { splitBlocks, type Block } from './split-blocks';
import { invisibleCharsNotice, stripInvisibleChars, type InvisibleCharCount } from './strip-invisible-chars';

/** Input of the read_page tool (bounds: READ_PAGE_LIMITS). */
export interface ReadPageInput {
  /** Character offset to continue from (nextOffset of the previous call). */
  offset?: number;
  /** Most characters of Markdown to return (default 20000). */
  maxChars?: number;
  /**
   * Leaves out form controls, contenteditable regions and text boxes: what the user typed. Capture for the
   * history index sets it; read_page for the agent does not (the model may need the draft it helps with).
   */
  excludeEditable?: boolean;
}

/** What read_page returns: the visible main content as Markdown, one window at a time. */
export interface PageReading {
  title: string;
  url: string;
  lang: string;
  markdown: string;
  headings: { level: number; text: string }[];
  /** Text the user has selected, if any. */
  selection?: string;
  totalChars: number;
  offset: number;
  nextOffset?: number;
  /** Set when the page is large and `totalChars` was extrapolated rather than counted. */
  totalCharsEstimated?: boolean;
  /** Says how many invisible characters were taken out of the text (e.g. "Removed 12 invisible characters."). */
  notice?: string;
  /**
   * Set when the tab shows a file rather than a web page (`application/pdf`: Chrome's PDF viewer, whose text this
   * reader cannot see); the background then reads the file itself.
   */
  documentType?: string;
  /**
   * The transcripts of the page's videos that have a captions or subtitles track: each cue's start time (a link to
   * the video at that moment) and text. In the first window only (read-video-captions.ts).
   */
  videoTranscripts?: string;
}

const DEFAULT_MAX_CHARS = 20_000;
/** An outline, not a copy: past this many the model pages through the Markdown instead. */
const MAX_HEADINGS = 200;
/** Above this much visible text, a page's own <main>/<article> is trusted instead of running Readability. */
const LARGE_PAGE_CHARS = 150_000;
/** Below this much article text, Readability's pick is likely a fragment, so the whole page is read. */
const MIN_ARTICLE_CHARS = 200;

let converter: TurndownService | undefined;

/**
 * Reads what a person can see of `doc`: its main content (Readability) as GitHub-flavoured Markdown, or
 * the whole visible page when there is no article. Invisible text never gets in: hidden nodes are judged
 * on the live page and removed from a clone, which is all the other steps touch.
 */
export function readPage(doc: Document, input: ReadPageInput = {}): PageReading {
  const { offset = 0, maxChars = DEFAULT_MAX_CHARS } = input;
  converter ??= createMarkdownConverter();
  const count: InvisibleCharCount = { removed: 0 };
  const prune: PruneOptions = input.excludeEditable ? { excludeEditable: true } : {};
  const source = largePageMain(doc, count, prune) ?? prunedContent(doc, count, prune);
  const converted = convertWindow(converter, source.blocks, offset + maxChars, source.materialize, source.large);
  const slice = sliceText(converted.markdown, offset, maxChars);
  const reading: PageReading = {
    title: stripInvisibleChars(doc.title, count).trim(),
    url: stripInvisibleChars(doc.URL, count),
    lang: doc.documentElement.lang || '',
    // Text nodes and attributes were cleaned in the pruned copy; this catches anything the converter added.
    markdown: stripInvisibleChars(slice.text, count),
    headings: source.headings,
    totalChars: converted.totalChars,
    offset: Math.min(offset, converted.markdown.length),
  };
  const next = slice.nextOffset ?? (converted.estimated ? offset + slice.text.length : undefined);
  if (next !== undefined) reading.nextOffset = next;
  if (converted.estimated) reading.totalCharsEstimated = true;
  const selection = stripInvisibleChars(doc.getSelection()?.toString() ?? '', count).trim();
  if (selection) reading.selection = selection.slice(0, 4_000);
  const notice = invisibleCharsNotice(count);
  if (notice) reading.notice = notice;
  if (doc.contentType && !/html|xml/.test(doc.contentType)) reading.documentType = doc.contentType.slice(0, 200);
  return reading;
}

interface ContentSource {
  blocks: Block[];
  materialize: (block: Block) => Element;
  headings: PageReading['headings'];
  /** Large enough that converting it whole would blow the time budget. */
  large: boolean;
}

/**
 * On a very large page that marks its main content itself, Readability and even one full clone would take
 * several times the time budget; there the live <main>/<article> is split into blocks and only the blocks the
 * window needs are copied, pruned of invisible nodes and converted.
 */
function largePageMain(doc: Document, count: InvisibleCharCount, prune: PruneOptions): ContentSource | undefined {
  const body = doc.body;
  if (!body) return undefined;
  const textLength = (body.textContent ?? '').length;
  if (textLength <= LARGE_PAGE_CHARS) return undefined;
  const main = doc.querySelector('main, [role="main"], article');
  if (!main || (main.textContent ?? '').length <= textLength / 2 || !isShown(main)) return undefined;
  // Its direct text would be copied unchecked: an editable <main> goes the usual way, which drops it whole.
  if (prune.excludeEditable && isEditableRegion(main)) return undefined;
  const scratch = doc.implementation.createHTMLDocument('');
  const base = scratch.createElement('base');
  base.href = doc.baseURI;
  scratch.head.append(base);
  const materialize = (block: Block): Element => {
    const wrapper = scratch.createElement('div');
    for (const node of block.nodes) {
      if (node.nodeType === 3) {
        if (!block.textHidden) wrapper.append(scratch.createTextNode(stripInvisibleChars(node.nodeValue ?? '', count)));
        continue;
      }
      if (hiddenVerdict(node as Element) === 'hidden') continue;
      if (prune.excludeEditable && isEditableRegion(node as Element)) continue;
      const copy = scratch.importNode(node, true) as Element;
      pruneInvisible(node as Element, copy, count, prune);
      wrapper.append(copy);
    }
    return wrapper;
  };
  const headings = headingsOf(
    Array.from(doc.querySelectorAll('h1, h2, h3, h4, h5, h6'))
      .slice(0, MAX_HEADINGS * 2)
      .filter(isShown),
    count,
  );
  // Editable containers are skipped like hidden ones, or their loose text would be copied as is.
  const skip = prune.excludeEditable
    ? (el: Element) => (isEditableRegion(el) ? 'hidden' : hiddenVerdict(el))
    : hiddenVerdict;
  return { blocks: splitBlocks(main, skip), materialize, headings, large: true };
}

/** The usual path: a clone pruned of invisible nodes, its article picked by Readability (or all of it). */
function prunedContent(doc: Document, count: InvisibleCharCount, prune: PruneOptions): ContentSource {
  const visible = doc.cloneNode(true) as Document;
  if (doc.body && visible.body) pruneInvisible(doc.body, visible.body, count, prune);
  // Already cleaned by the pruning walk: a fresh count keeps them from being counted twice.
  const headings = headingsOf(Array.from(visible.body?.querySelectorAll('h1, h2, h3, h4, h5, h6') ?? []), {
    removed: 0,
  });
  const materialize = (block: Block): Element => {
    const only = block.nodes[0];
    if (block.nodes.length === 1 && only?.nodeType === 1) return only as Element;
    const wrapper = visible.createElement('div');
    for (const node of block.nodes) wrapper.append(node.cloneNode(true));
    return wrapper;
  };
  return {
    blocks: splitBlocks(readableContent(visible)),
    materialize,
    headings,
    large: (visible.body?.textContent ?? '').length > LARGE_PAGE_CHARS,
  };
}

function readableContent(visible: Document): Element {
  const body = visible.body ?? visible.documentElement;
  // Readability rewrites the document it is given; `visible` must stay whole for the fallback.
  const forReader = visible.cloneNode(true) as Document;
  const article = new Readability<Node>(forReader, { serializer: (node) => node }).parse();
  const content = article?.content;
  if (content && content.nodeType === 1 && (article.textContent ?? '').trim().length >= MIN_ARTICLE_CHARS)
    return content as Element;
  return body;
}

/** Whether a live element and its ancestors are shown (for the few elements checked outside a pruning walk). */
function isShown(el: Element): boolean {
  return (
    hiddenVerdict(el) === 'visible' &&
    el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
    !el.closest('[aria-hidden="true"]')
  );
}

function headingsOf(elements: Element[], count: InvisibleCharCount): PageReading['headings'] {
  const headings: PageReading['headings'] = [];
  for (const h of elements) {
    if (headings.length >= MAX_HEADINGS) break;
    const text = stripInvisibleChars(h.textContent ?? '', count)
      .replace(/\s+/g, ' ')
      .trim();
    if (text) headings.push({ level: Number(h.tagName[1]), text });
  }
  return headings;
}
