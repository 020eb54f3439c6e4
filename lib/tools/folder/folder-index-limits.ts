/** How much of a folder the index takes (a file of its own so the settings page can name them without the readers). */

/** Documents of one folder indexed at most; the rest are counted as over the limit. */
export const FOLDER_INDEX_MAX_FILES = 500;
/** Files over this size are skipped and counted: the document reader's own limit (DOCUMENT_LIMITS.maxBytes). */
export const FOLDER_INDEX_MAX_FILE_BYTES = 50_000_000;
