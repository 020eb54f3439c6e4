/** The API key a request carries: `x-api-key` (Anthropic) or `api-key` (Azure), else the token of `Authorization: Bearer`. */
export function requestKey(headers: Record<string, string>): string | undefined {
  const apiKey = headers['x-api-key'] ?? headers['api-key'];
  if (apiKey) return apiKey;
  const match = /^Bearer\s+(.+)$/i.exec(headers['authorization'] ?? '');
  return match?.[1];
}
