/**
 * A file that cannot be read, and why, as an Error carrying one of the project's codes (the messaging kit keeps
 * it across contexts). Its message is for the model first ("Could not read q3.pdf: it is protected with a
 * password."), in English like every tool error; it is not a class of its own (one error vocabulary).
 */
import type { ErrorCode } from '../core/error-code';

export type DocumentErrorCode = Extract<
  ErrorCode,
  | 'too_large'
  | 'unsupported_file'
  | 'corrupt_file'
  | 'zip_bomb'
  | 'needs_password'
  | 'wrong_password'
  | 'timeout'
  | 'not_found'
>;

export interface DocumentError extends Error {
  code: DocumentErrorCode;
}

export function documentError(code: DocumentErrorCode, message: string): DocumentError {
  return Object.assign(new Error(message), { name: 'DocumentError', code });
}

export function isDocumentError(error: unknown): error is DocumentError {
  return error instanceof Error && error.name === 'DocumentError';
}
