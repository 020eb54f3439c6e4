/**
 * What to tell the user when a provider's server cannot be reached: the host they configured, and the usual
 * fix for it (a local server that is not running, or a base URL that is wrong). Local servers need no flags:
 * Tabwise removes the extension's Origin from its own requests to them (lib/background/local-origin-rules.ts),
 * so the fix is to start the server.
 */
import { t, type MessageKey } from '../util/t';

/** Well-known local servers by port: the whole message, naming the server and how it is started. */
const LOCAL_SERVERS: Record<string, MessageKey> = {
  '11434': 'prov_unreachable_ollama',
  '1234': 'prov_unreachable_lmstudio',
  '8080': 'prov_unreachable_llamacpp',
};

const isLoopback = (host: string) =>
  host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost');

/** `baseURL` as configured (may be empty for a vendor's default endpoint); `vendorHost` is that default's host. */
export function describeUnreachable(baseURL: string | undefined, vendorHost: string): string {
  let url: URL | undefined;
  try {
    url = baseURL ? new URL(baseURL) : undefined;
  } catch (error) {
    // A base URL that does not parse cannot be reached either; say so instead of naming a host.
    void error;
    return t('prov_unreachable_invalid_url', baseURL ?? '');
  }
  const host = url?.host || vendorHost;
  if (url && isLoopback(url.hostname)) return t(LOCAL_SERVERS[url.port] ?? 'prov_unreachable_local', host);
  return t('prov_unreachable_remote', host);
}
