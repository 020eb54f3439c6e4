/**
 * Where a compromised model would send what it read: an HTTPS server (a self-signed certificate made at start
 * with openssl; the browser is launched to accept it) and a plain HTTP one on another origin, both on
 * 127.0.0.1. Each records every request it receives, server side, so a request from any context (a tab, the
 * worker's fetch, a redirect hop) is seen, over TLS too. The plain one also answers as a SearXNG instance, so
 * web_search queries land here. `saw` is how a test proves the sink works (its positive control) and how it
 * counts leaks.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SinkRequest {
  tls: boolean;
  method: string;
  /** Path and query as received (still percent-encoded). */
  url: string;
  body: string;
}

export interface EgressSink {
  /** `https://127.0.0.1:PORT` */
  https: string;
  /** `http://localhost:PORT` (a SearXNG-like search API at /search) */
  http: string;
  readonly requests: readonly SinkRequest[];
  /** Requests whose address or body contains any of `needles` (compared case-insensitively, raw and decoded). */
  saw(needles: readonly string[]): SinkRequest[];
  close(): Promise<void>;
}

/** Chromium switches that make the browser accept the sink's certificate. */
export const SINK_BROWSER_ARGS = ['--ignore-certificate-errors'];

const decode = (s: string) => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
};

function selfSignedCert(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'tabwise-sink-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startEgressSink(): Promise<EgressSink> {
  const requests: SinkRequest[] = [];
  const handler = (tls: boolean) => (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      requests.push({ tls, method: req.method ?? 'GET', url: req.url ?? '/', body });
      res.setHeader('Access-Control-Allow-Origin', '*');
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/search') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            results: [{ title: 'Weather today', url: 'https://weather.example/today', content: 'Sunny, 21 degrees.' }],
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>Sink</title><p>Received.</p>');
    });
  };
  const servers = [createHttpsServer(selfSignedCert(), handler(true)), createHttpServer(handler(false))];
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))));
  const [tlsPort, plainPort] = servers.map((s) => (s.address() as AddressInfo).port);
  return {
    https: `https://127.0.0.1:${tlsPort}`,
    http: `http://localhost:${plainPort}`,
    requests,
    saw(needles) {
      const lower = needles.map((n) => n.toLowerCase());
      return requests.filter((r) => {
        const text = `${r.url}\n${decode(r.url)}\n${decode(decode(r.url))}\n${r.body}`.toLowerCase();
        return lower.some((n) => text.includes(n));
      });
    },
    close: () =>
      Promise.all(
        servers.map(
          (s) =>
            new Promise<void>((resolve) => {
              s.closeAllConnections();
              s.close(() => resolve());
            }),
        ),
      ).then(() => undefined),
  };
}
