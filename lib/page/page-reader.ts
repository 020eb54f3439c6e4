/**
 * The page reader (readPage with Readability and Turndown, most of the page code's weight) is loaded into a
 * frame only when a read_page command needs it: the background injects the `page-reader` script, which
 * installs it here. Scripts of one extension share the frame's isolated world, hence the global slot.
 */
import type { PageReading, ReadPageInput } from './read-page';

/** Reads a document for read_page. */
export type PageReader = (doc: Document, input: ReadPageInput) => PageReading | Promise<PageReading>;

declare global {
  // A `var` is what makes a property of globalThis visible to the other bundle in the same isolated world.
  var tabwisePageReader: PageReader | undefined;
}

/** Installs the reader for this frame (a second injection keeps the first). */
export function installPageReader(reader: PageReader): void {
  globalThis.tabwisePageReader ??= reader;
}

/** The reader installed in this frame, if any. */
export function loadedPageReader(): PageReader | undefined {
  return globalThis.tabwisePageReader;
}
