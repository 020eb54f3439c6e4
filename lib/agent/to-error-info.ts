import { ProviderError } from '../providers/provider-error';
import type { ErrorInfo } from './agent-event';

/** Plain, serialisable error data for events and the journal. */
export function toErrorInfo(error: unknown): ErrorInfo {
  if (error instanceof ProviderError) return { code: error.code, message: error.message, status: error.status };
  if (error instanceof Error) return { code: error.name === 'Error' ? 'internal' : error.name, message: error.message };
  return { code: 'internal', message: String(error) };
}
