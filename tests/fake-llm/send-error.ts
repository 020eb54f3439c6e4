import type { ServerResponse } from 'node:http';
import { anthropicErrorBody } from './anthropic-error-body';
import { openaiErrorBody } from './openai-error-body';
import type { Wire } from './recorded-request';
import { sendJson } from './send-json';
import type { VendorHeaders } from './vendor-headers';

/** Optional parts of an error response. */
export interface SendErrorOptions {
  message?: string;
  retryAfterSeconds?: number;
  retryAfterMs?: number;
}

/** Ends the response with the vendor's error body for `status`, plus any retry-after headers asked for. */
export function sendError(
  res: ServerResponse,
  wire: Wire,
  status: number,
  { requestId, headers }: VendorHeaders,
  options: SendErrorOptions = {},
): void {
  const body =
    wire === 'openai'
      ? openaiErrorBody(status, options.message)
      : anthropicErrorBody(status, requestId, options.message);
  const retry: Record<string, string> = {};
  if (options.retryAfterSeconds !== undefined) retry['retry-after'] = String(options.retryAfterSeconds);
  if (options.retryAfterMs !== undefined) retry['retry-after-ms'] = String(options.retryAfterMs);
  sendJson(res, status, body, { ...headers, ...retry });
}
