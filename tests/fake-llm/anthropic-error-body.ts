const types: Record<number, [type: string, message: string]> = {
  400: ['invalid_request_error', 'Invalid request.'],
  401: ['authentication_error', 'invalid x-api-key'],
  403: ['permission_error', 'Your API key does not have permission to use the specified resource.'],
  404: ['not_found_error', 'The requested resource could not be found.'],
  413: ['request_too_large', 'Request exceeds the maximum allowed number of bytes.'],
  429: ['rate_limit_error', 'Number of requests has exceeded your rate limit. Please try again later.'],
  500: ['api_error', 'Internal server error'],
  529: ['overloaded_error', 'Overloaded'],
};

/** Anthropic's `{type:'error', error:{type,message}, request_id}` for a status, with the API's error types. */
export function anthropicErrorBody(status: number, requestId: string, message?: string) {
  const [type, defaultMessage] = types[status] ?? (status >= 500 ? types[500]! : types[400]!);
  return { type: 'error', error: { type, message: message ?? defaultMessage }, request_id: requestId };
}
