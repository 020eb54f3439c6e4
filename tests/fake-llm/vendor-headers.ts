import { fakeId } from './fake-id';
import type { Wire } from './recorded-request';

/** Response headers for one reply, with the request id each vendor sets (the SDKs expose it as `requestID`). */
export interface VendorHeaders {
  requestId: string;
  headers: Record<string, string>;
}

/**
 * OpenAI answers with `x-request-id`, Anthropic with `request-id`. CORS is allowed for any origin so
 * extension pages (not only the service worker) can call the server too.
 */
export function vendorHeaders(wire: Wire): VendorHeaders {
  const cors = { 'access-control-allow-origin': '*', 'access-control-expose-headers': '*' };
  if (wire === 'openai') {
    const requestId = fakeId('req_', 32);
    return {
      requestId,
      headers: { ...cors, 'x-request-id': requestId, 'openai-version': '2020-10-01', 'openai-processing-ms': '1' },
    };
  }
  const requestId = fakeId('req_011C', 20);
  return { requestId, headers: { ...cors, 'request-id': requestId } };
}
