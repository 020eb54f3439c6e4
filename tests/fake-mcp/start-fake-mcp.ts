/**
 * A real MCP server on 127.0.0.1 for tests, built with the same SDK as the extension's client: Streamable
 * HTTP at /mcp (stateful sessions, JSON replies, a GET stream for notifications) or, with `sse: true`, only
 * the older SSE transport (GET /sse + POST /messages). Optional bearer-token check; records what it saw.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createFakeMcpServer, INJECTION, type FakeMcpState } from './fake-mcp-tools';

export interface FakeMcpOptions {
  /** Only the SSE transport (a Streamable HTTP POST to /sse is answered 405). */
  sse?: boolean;
  /** Required as `Authorization: Bearer <token>`; anything else is 401. */
  token?: string;
  /** Also list the security tests' hostile tools (rug pull, destructive, unannotated, invisible characters). */
  hostileTools?: boolean;
}

export interface FakeMcp {
  /** The URL to add in Settings → Tools. */
  url: string;
  origin: string;
  state: FakeMcpState;
  /** Authorization headers the server received, in order. */
  authorizations: string[];
  /** Every request's method and path. */
  requests: string[];
  /** How long each POST took to handle (ms), for the bench. */
  postHandlingMs: number[];
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });

/** Answers tools/call of `malformed` and `bad_result` with broken JSON-RPC; true when it did. */
function answerBroken(message: unknown, res: ServerResponse): boolean {
  const m = message as { method?: string; id?: unknown; params?: { name?: string } } | null;
  if (m?.method !== 'tools/call') return false;
  if (m.params?.name === 'malformed') {
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(`{"jsonrpc":"2.0","id":${JSON.stringify(m.id)},"result":{"content":[{"type":"te`);
    return true;
  }
  if (m.params?.name === 'bad_result') {
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: { content: 'not a list', isError: 'maybe' } }));
    return true;
  }
  return false;
}

export async function startFakeMcp(options: FakeMcpOptions = {}): Promise<FakeMcp> {
  const state: FakeMcpState = {
    flipped: false,
    calls: [],
    injection: INJECTION,
    pulled: [],
    hostileTools: !!options.hostileTools,
  };
  const authorizations: string[] = [];
  const requests: string[] = [];
  const postHandlingMs: number[] = [];
  const streamable = new Map<string, StreamableHTTPServerTransport>();
  const sse = new Map<string, SSEServerTransport>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(`${req.method} ${url.pathname}`);
    if (req.headers.authorization) authorizations.push(req.headers.authorization);
    if (options.token && req.headers.authorization !== `Bearer ${options.token}`) {
      res
        .writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' })
        .end('{"error":"unauthorized"}');
      return;
    }
    const started = performance.now();
    if (options.sse) {
      if (req.method === 'GET' && url.pathname === '/sse') {
        const transport = new SSEServerTransport('/messages', res);
        sse.set(transport.sessionId, transport);
        res.on('close', () => sse.delete(transport.sessionId));
        await createFakeMcpServer(state).connect(transport);
        return;
      }
      if (req.method === 'POST' && url.pathname === '/messages') {
        const transport = sse.get(url.searchParams.get('sessionId') ?? '');
        if (!transport) return void res.writeHead(404).end('no session');
        const body: unknown = JSON.parse(await readBody(req));
        await transport.handlePostMessage(req, res, body);
        return;
      }
      return void res.writeHead(405, { allow: 'GET' }).end('SSE only');
    }
    if (url.pathname !== '/mcp') return void res.writeHead(404).end('not found');
    const sessionId = req.headers['mcp-session-id'];
    const existing = typeof sessionId === 'string' ? streamable.get(sessionId) : undefined;
    if (req.method === 'POST') {
      const body: unknown = JSON.parse(await readBody(req));
      if (existing && answerBroken(body, res)) return;
      let transport = existing;
      if (!transport) {
        if (sessionId)
          return void res
            .writeHead(404, { 'content-type': 'application/json' })
            .end('{"jsonrpc":"2.0","error":{"code":-32001,"message":"Session not found"},"id":null}');
        const created = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          enableJsonResponse: true,
          onsessioninitialized: (id) => void streamable.set(id, created),
        });
        created.onclose = () => {
          if (created.sessionId) streamable.delete(created.sessionId);
        };
        await createFakeMcpServer(state).connect(created);
        transport = created;
      }
      await transport.handleRequest(req, res, body);
      postHandlingMs.push(performance.now() - started);
      return;
    }
    if (!existing) return void res.writeHead(req.method === 'GET' ? 405 : 404).end();
    await existing.handleRequest(req, res);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(e));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}${options.sse ? '/sse' : '/mcp'}`,
    origin,
    state,
    authorizations,
    requests,
    postHandlingMs,
    async close() {
      for (const t of streamable.values()) await t.close().catch(() => undefined);
      for (const t of sse.values()) await t.close().catch(() => undefined);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
