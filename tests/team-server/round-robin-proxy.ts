/**
 * A small load balancer for tests: each request goes to the next instance in turn, streamed both ways (so
 * server-sent events pass through). An instance that is down answers 502, as a real balancer would, and the
 * client retries. Records where each request went.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** Every request: method, path and the instance (index into the targets) it went to. */
  log: { method: string; path: string; target: number }[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(targets: readonly string[]): Promise<RoundRobinProxy> {
  const log: RoundRobinProxy['log'] = [];
  let next = 0;
  const forward = (req: IncomingMessage, res: ServerResponse) => {
    const target = next++ % targets.length;
    log.push({ method: req.method ?? 'GET', path: req.url ?? '/', target });
    const upstream = new URL(req.url ?? '/', targets[target]);
    const out = request(upstream, { method: req.method, headers: { ...req.headers, host: upstream.host } }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
      up.on('error', () => res.destroy());
    });
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end('instance unreachable');
      else res.destroy();
    });
    res.on('close', () => out.destroy());
    req.pipe(out);
  };
  const server = createServer(forward);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
