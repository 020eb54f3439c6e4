/** What an MCP transport's error says of the HTTP answer (kept apart from the SDK, which loads only to connect). */

/** The HTTP status a transport error carries (401, 404…), if any. */
export function httpStatusOf(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'number' && code >= 100 && code < 600) return code;
  const m = /\(HTTP (\d{3})\)|HTTP (\d{3})|Non-200 status code \((\d{3})\)/.exec(
    error instanceof Error ? error.message : '',
  );
  return m ? Number(m[1] ?? m[2] ?? m[3]) : undefined;
}
