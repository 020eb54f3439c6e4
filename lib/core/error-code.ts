/**
 * Every code an error may carry across a message between contexts. One union for all four protocols, so a
 * caller can branch on a code whichever context threw it. The groups follow where the codes come from.
 */
export const errorCodes = [
  // The kit itself: refused, malformed or undelivered messages.
  'forbidden',
  'bad_request',
  'invalid',
  'unavailable',
  'no_receiver',
  'receiver_gone',
  'no_reply',
  'bad_reply',
  'timeout',
  'aborted',
  'internal',
  // Background request handlers (UserFacingError).
  'not_found',
  'busy',
  'no_provider',
  'page_gone',
  'page_changed',
  'key_required',
  // The organisation's Chrome policy does not allow it (lib/policy).
  'not_allowed',
  // The retrieval engine (RetrievalError).
  'model_mismatch',
  'invalid_input',
  'model_load_failed',
  'model_download_failed',
  'embedding_failed',
  'storage_failed',
  'corrupt_snapshot',
  // Providers (ProviderError; 'not_found', 'bad_request', 'timeout' and 'aborted' are above).
  'auth',
  'permission',
  'rate_limited',
  'overloaded',
  'server',
  'network',
  'stream_error',
  'stalled',
  'unknown',
  // Documents (lib/documents): a file that cannot be read, and why.
  'too_large',
  'unsupported_file',
  'corrupt_file',
  'zip_bomb',
  'needs_password',
  'wrong_password',
  // The agent's run errors, and the run caps that end a run (lib/agent/stop-condition.ts).
  'interrupted',
  'tool_call_limit',
  'sub_agent_limit',
  'token_budget',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

const known: ReadonlySet<string> = new Set(errorCodes);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && known.has(value);
}
