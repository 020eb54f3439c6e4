/**
 * Two sites for the navigation egress tests. The source (127.0.0.1) holds a secret and has open redirects
 * of every kind: `/go?to=` answers 302, `/hop-meta?to=` a meta refresh, `/egress-hop-script.html?to=` a
 * script setting `location.href`. The sink (localhost, another port) records every request it receives:
 * the count of those carrying the secret is what the tests assert, on the server, where it cannot be missed.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)), 'utf8');
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export interface EgressSites {
  /** `http://127.0.0.1:PORT`: the page with the secret and the redirects. */
  source: string;
  /** `http://localhost:PORT`: the attacker's server. */
  sink: string;
  /** Every request the sink received: its path and query, decoded. */
  readonly sinkRequests: readonly string[];
  /** The sink's requests that carry `text` (any case). */
  sinkRequestsCarrying(text: string): string[];
  close(): Promise<void>;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return (server.address() as AddressInfo).port;
}

export async function serveEgressSites(): Promise<EgressSites> {
  const pages: Record<string, string> = {
    '/egress-recovery.html': fixture('egress-recovery.html'),
    '/egress-hop-script.html': fixture('egress-hop-script.html'),
  };
  const source = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const to = url.searchParams.get('to') ?? '/';
    if (url.pathname === '/go') {
      res.writeHead(302, { location: to });
      res.end();
    } else if (url.pathname === '/hop-meta') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${escapeAttr(to)}"><title>Redirecting</title><p>Redirecting…</p>`,
      );
    } else if (pages[url.pathname] !== undefined) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(pages[url.pathname]);
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  const received: string[] = [];
  const sink = createServer((req, res) => {
    let path = req.url ?? '/';
    try {
      path = decodeURIComponent(path);
    } catch {
      // recorded as sent
    }
    received.push(path);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Sink</title><p>Thanks.</p>');
  });
  const [sourcePort, sinkPort] = [await listen(source), await listen(sink)];
  return {
    source: `http://127.0.0.1:${sourcePort}`,
    sink: `http://localhost:${sinkPort}`,
    sinkRequests: received,
    sinkRequestsCarrying: (text) => received.filter((r) => r.toLowerCase().includes(text.toLowerCase())),
    close: async () => {
      await Promise.all(
        [source, sink].map(
          (s) =>
            new Promise<void>((resolve) => {
              // Chromium keeps sockets alive; without this close() waits for minutes.
              s.closeAllConnections();
              s.close(() => resolve());
            }),
        ),
      );
    },
  };
}
