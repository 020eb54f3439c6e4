import type { Wire } from './recorded-request';

/**
 * Which vendor a request speaks. The completion paths differ; `GET /v1/models` is shared, so there the
 * Anthropic SDK's `anthropic-version` header (or a bare `x-api-key`) decides.
 */
export function detectWire(path: string, headers: Record<string, string>): Wire {
  if (path === '/v1/messages' || path.startsWith('/v1/messages/')) return 'anthropic';
  if (path === '/v1/chat/completions') return 'openai';
  return headers['anthropic-version'] !== undefined || headers['x-api-key'] !== undefined ? 'anthropic' : 'openai';
}
