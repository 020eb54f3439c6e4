/**
 * An error answered by the pass-through in the wire format the caller's SDK reads, so the SDK raises its own typed
 * error with this message (OpenAI: `{error: {message, type, code}}`; Anthropic: `{type: 'error', error: {type, message}}`).
 */
export type Wire = 'openai' | 'anthropic';

const ANTHROPIC_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  502: 'api_error',
  503: 'overloaded_error',
};

export function wireError(wire: Wire, status: number, message: string, code: string): Response {
  const body =
    wire === 'anthropic'
      ? { type: 'error', error: { type: ANTHROPIC_TYPES[status] ?? 'api_error', message } }
      : { error: { message, type: code, code, param: null } };
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
