/**
 * The team's knowledge as an MCP server (Streamable HTTP, stateless: any instance answers any request) at
 * `/v1/mcp`, behind the same bearer token as the rest of /v1, so every tool runs as the caller under row-level
 * security. Tools: `search` (the same hybrid search as POST /v1/search, under the same rate limit) and
 * `get_document` (a document you may read, with its passages, for a citation). A refusal is a tool result the
 * model can read (isError), never a protocol error.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { z } from 'zod';
import type { Caller } from '../db/with-caller';
import { withCaller } from '../db/with-caller';
import { getDocument } from '../documents/document-queries';
import { runSearch } from '../search/run-search';
import type { ApiEnv, ServerContext } from './server-context';

/** A document's text in one result is cut here (a client reads the rest with passage windows of its own). */
const MAX_DOCUMENT_CHARS = 100_000;

const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] });
const refusal = (t: string) => ({ ...text(t), isError: true });

const SearchInput = {
  query: z.string().trim().min(1).max(2000).describe('What to look for, in words'),
  teamId: z.uuid().optional().describe('Only this team (default: every team you are in, the platform, your own)'),
  scopes: z
    .array(z.enum(['user', 'team', 'platform']))
    .min(1)
    .max(3)
    .optional(),
  limit: z.number().int().min(1).max(50).optional().describe('At most this many passages (default 10)'),
};

function createTeamMcpServer(ctx: ServerContext, caller: Caller): McpServer {
  const server = new McpServer({ name: 'tabwise-team', version: '0.1.0' });
  server.registerTool(
    'search',
    {
      title: "Search the team's knowledge",
      description:
        "Hybrid (meaning and keyword) search over the team's documents you may read. Returns passages best " +
        'first, each with its document id, title, score and citation.',
      inputSchema: SearchInput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args) => {
      const taken = await ctx.rateLimiter.take(caller.userId, 'search');
      if (!taken.allowed) return refusal(`Too many searches: retry after ${taken.retryAfterSeconds} s.`);
      const answer = await runSearch(ctx, caller, { ...args, limit: args.limit ?? 10, minScore: 0.05 });
      const lines = answer.results.map(
        (r, i) =>
          `${i + 1}. ${r.title} (document ${r.documentId}, passage ${r.citation.passage}, score ${r.score.toFixed(3)})\n` +
          `   ${r.snippet.text}`,
      );
      return {
        ...text(answer.results.length ? lines.join('\n') : 'Nothing found.'),
        structuredContent: { results: answer.results, model: answer.model, miss: answer.miss },
      };
    },
  );
  server.registerTool(
    'get_document',
    {
      title: 'Read a document',
      description: 'A document you may read, by the id a search gave, with its passages.',
      inputSchema: { id: z.uuid().describe('The document id') },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ id }) => {
      const doc = await withCaller(ctx.db.pool, caller, (tx) => getDocument(tx, id));
      if (!doc) return refusal('No such document (or you may not read it).');
      const body = doc.passages.map((p, i) => `[passage ${i}]\n${p}`).join('\n\n');
      const cut = body.length > MAX_DOCUMENT_CHARS;
      return {
        ...text(`# ${doc.title}\n\n${cut ? `${body.slice(0, MAX_DOCUMENT_CHARS)}\n[cut]` : body}`),
        structuredContent: { id: doc.id, title: doc.title, sourceUrl: doc.sourceUrl, passages: doc.passages.length },
      };
    },
  );
  return server;
}

export function addMcpRoute(app: OpenAPIHono<ApiEnv>, ctx: ServerContext) {
  app.all('/v1/mcp', async (c) => {
    // Stateless: a server and a transport per request, so any instance behind the load balancer can answer.
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    const server = createTeamMcpServer(ctx, c.get('caller'));
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw);
    } finally {
      // JSON replies are complete once handleRequest answers.
      void server.close();
    }
  });
}
