/**
 * What to tell the user when a provider's server cannot be reached: the host they configured, and the usual
 * fix for it (a local server that is not running, or that refuses the extension's origin).
 */

/** Well-known local servers by port: the name people know them by and how they are started. */
const LOCAL_SERVERS: Record<string, { name: string; fix: string }> = {
  '11434': {
    name: 'Ollama',
    fix: 'Start it (ollama serve) with OLLAMA_ORIGINS=chrome-extension://* so it accepts requests from the extension.',
  },
  '1234': { name: 'LM Studio', fix: "Start its local server (Developer tab → Start server) and enable CORS." },
  '8080': { name: 'the local server (llama.cpp?)', fix: 'Start it, then try again.' },
};

const isLoopback = (host: string) => host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost');

/** `baseURL` as configured (may be empty for a vendor's default endpoint); `vendorHost` is that default's host. */
export function describeUnreachable(baseURL: string | undefined, vendorHost: string): string {
  let url: URL | undefined;
  try {
    url = baseURL ? new URL(baseURL) : undefined;
  } catch (error) {
    // A base URL that does not parse cannot be reached either; say so instead of naming a host.
    void error;
    return `Can't reach "${baseURL}": it is not a valid URL. Fix the base URL in Settings.`;
  }
  const host = url?.host || vendorHost;
  if (url && isLoopback(url.hostname)) {
    const known = LOCAL_SERVERS[url.port];
    if (known) return `Can't reach ${host}. Is ${known.name} running? ${known.fix}`;
    return `Can't reach ${host}. Is the local server running on that port? Start it, or fix the base URL in Settings.`;
  }
  return `Can't reach ${host}. Check your internet connection, or the base URL in Settings.`;
}
