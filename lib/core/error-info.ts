/** An error as plain data: what crosses contexts and is stored with a message (lib/core/to-error-info.ts makes it). */
import type { ErrorCode } from './error-code';

export interface ErrorInfo {
  code: ErrorCode;
  message: string;
  status?: number;
}
