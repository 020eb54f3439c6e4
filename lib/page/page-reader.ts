import type { PageReading, ReadPageInput } from './read-page';

/** Reads a document for read_page (readPage itself, loaded into the frame on demand or passed by tests). */
export type PageReader = (doc: Document, input: ReadPageInput) => PageReading;
