// The MCP endpoint: the SDK's real client over Streamable HTTP, as the same bearer token, under row-level security.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeEmbedder, startTestServer } from './test-server';

let t: Awaited<ReturnType<typeof startTestServer>>;
const ids: Record<string, string> = {};
const clients: Client[] = [];

beforeAll(async () => {
  t = await startTestServer({ TEAM_SERVER_SEARCH_RATE: '3' }, { embedder: fakeEmbedder() });
  const { red, blue, bob, dee } = t.world;
  const put = async (token: string, teamId: string, title: string, text: string) => {
    const r = await t.call('POST', '/v1/documents', token, { teamId, title, text });
    ids[title] = r.json.document.id;
    await t.waitFor(token, r.json.document.id);
  };
  await put(bob.token, red, 'Red launch plan', 'The launch checklist for the red rocket: fuel, crew, weather.');
  await put(bob.token, red, 'Red budget', 'The red rocket launch budget and its fuel costs.');
  await put(dee.token, blue, 'Blue launch secrets', 'The blue rocket launch checklist: secret fuel mixture.');
}, 180_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
  await t?.server.close();
});

async function connect(token?: string) {
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${t.server.url}/v1/mcp`), {
    requestInit: token ? { headers: { authorization: `Bearer ${token}` } } : {},
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const textOf = (r: object) =>
  ((r as { content: { type: string; text: string }[] }).content ?? []).map((c) => c.text).join('');

describe('MCP endpoint', () => {
  it('lists the search and get_document tools, read-only', async () => {
    const client = await connect(t.world.bob.token);
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual(['get_document', 'search']);
    expect(tools.every((x) => x.annotations?.readOnlyHint === true)).toBe(true);
  });

  it("searches only what the caller may read: a red member never sees blue's documents", async () => {
    const client = await connect(t.world.bob.token);
    const r = await client.callTool({ name: 'search', arguments: { query: 'rocket launch checklist fuel' } });
    expect(r.isError).toBeFalsy();
    const results = (r.structuredContent as { results: { documentId: string; title: string }[] }).results;
    expect(results.map((x) => x.title).sort()).toEqual(['Red budget', 'Red launch plan']);
    expect(textOf(r)).toContain('Red launch plan');
    expect(textOf(r)).not.toContain('Blue');
    // And the blue member, with the same query, only blue.
    const blue = await connect(t.world.dee.token);
    const b = await blue.callTool({ name: 'search', arguments: { query: 'rocket launch checklist fuel' } });
    expect((b.structuredContent as { results: { title: string }[] }).results.map((x) => x.title)).toEqual([
      'Blue launch secrets',
    ]);
  });

  it("reads a document it may read, and answers another team's as not found (a tool error, not a leak)", async () => {
    const client = await connect(t.world.bob.token);
    const own = await client.callTool({ name: 'get_document', arguments: { id: ids['Red launch plan'] } });
    expect(own.isError).toBeFalsy();
    expect(textOf(own)).toContain('The launch checklist for the red rocket');
    const other = await client.callTool({ name: 'get_document', arguments: { id: ids['Blue launch secrets'] } });
    expect(other.isError).toBe(true);
    expect(textOf(other)).not.toContain('secret fuel');
    const bad = await client.callTool({ name: 'get_document', arguments: { id: "1' OR '1'='1" } });
    expect(bad.isError).toBe(true);
  });

  it('refuses a missing, malformed or revoked token with 401 before any MCP', async () => {
    // The SDK's StreamableHTTPError carries the HTTP status as its code.
    await expect(connect()).rejects.toMatchObject({ code: 401, message: expect.stringContaining('unauthorized') });
    await expect(connect('twp_not-a-real-token')).rejects.toMatchObject({ code: 401 });
    const { ada } = t.world;
    const revoke = await t.call('DELETE', `/v1/tokens/${ada.tokenId}`, ada.token);
    expect(revoke.status).toBe(204);
    await expect(connect(ada.token)).rejects.toMatchObject({ code: 401 });
  });

  it("spends the caller's search rate limit, and says when to retry as a tool result", async () => {
    const client = await connect(t.world.dee.token);
    let refused: object | undefined;
    for (let i = 0; i < 5 && !refused; i++) {
      const r = await client.callTool({ name: 'search', arguments: { query: 'rocket' } });
      if (r.isError) refused = r;
    }
    expect(refused).toBeDefined();
    expect(textOf(refused!)).toMatch(/Too many searches: retry after \d+ s/);
  });
});
