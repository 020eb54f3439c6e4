/**
 * A tiny static HTTP server on 127.0.0.1 for e2e tests and benches: in-memory pages by path, plus a
 * folder mounted under a prefix (the local embedding models). Sends CORS headers so extension pages and
 * workers may fetch from it.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';

export interface StaticServer {
  /** `http://127.0.0.1:PORT` */
  url: string;
  port: number;
  /** Paths requested, in order. */
  requests: string[];
  close(): Promise<void>;
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.onnx': 'application/octet-stream',
  '.txt': 'text/plain',
  '.pdf': 'application/pdf',
  '.vtt': 'text/vtt',
};

/** Serves `pages` (path → HTML) and, under each `mounts` prefix, the files of a folder; `port` 0 is a free one. */
export async function serveStatic(
  pages: Record<string, string>,
  mounts: Record<string, string> = {},
  port = 0,
): Promise<StaticServer> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(path);
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    if (pages[path] !== undefined) {
      res.writeHead(200, { 'content-type': types['.html']! });
      res.end(pages[path]);
      return;
    }
    for (const [prefix, dir] of Object.entries(mounts)) {
      if (!path.startsWith(prefix)) continue;
      const file = normalize(join(dir, path.slice(prefix.length)));
      if (!file.startsWith(normalize(dir)) || !existsSync(file) || !statSync(file).isFile()) break;
      const ext = file.slice(file.lastIndexOf('.'));
      res.writeHead(200, {
        'content-type': types[ext] ?? 'application/octet-stream',
        'content-length': statSync(file).size,
      });
      createReadStream(file).pipe(res);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        // Chromium keeps sockets alive; without this close() waits for minutes.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
