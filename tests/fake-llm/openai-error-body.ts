/** OpenAI's `{error:{message,type,param,code}}` for a status, with the messages the real API uses. */
export function openaiErrorBody(status: number, message?: string) {
  const [type, code, defaultMessage] =
    status === 401
      ? [
          'invalid_request_error',
          'invalid_api_key',
          'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
        ]
      : status === 404
        ? ['invalid_request_error', 'model_not_found', 'The model does not exist or you do not have access to it.']
        : status === 429
          ? ['requests', 'rate_limit_exceeded', 'Rate limit reached for requests. Please try again later.']
          : status >= 500
            ? ['server_error', null, 'The server had an error while processing your request. Sorry about that!']
            : ['invalid_request_error', null, 'Invalid request.'];
  return { error: { message: message ?? defaultMessage, type, param: null, code } };
}
