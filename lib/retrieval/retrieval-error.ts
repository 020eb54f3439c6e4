/** The retrieval engine's error type: a code the caller can branch on, and the cause. */

export type RetrievalErrorCode =
  | 'model_mismatch'
  | 'invalid_input'
  | 'model_load_failed'
  /** The model's files could not be fetched (network down, hub unreachable or failing): worth retrying later. */
  | 'model_download_failed'
  | 'embedding_failed'
  | 'storage_failed'
  | 'corrupt_snapshot';

/** Thrown by lib/retrieval for failures a caller may want to handle (e.g. re-embed on model_mismatch). */
export class RetrievalError extends Error {
  readonly code: RetrievalErrorCode;

  constructor(code: RetrievalErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, { cause: options?.cause });
    this.name = 'RetrievalError';
    this.code = code;
  }
}
