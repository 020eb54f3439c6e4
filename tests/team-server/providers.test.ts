// Team providers over the wire (issue 27): the key sealed at rest and never returned, modes, budgets, and the
// pass-through streaming through the REAL openai and @anthropic-ai/sdk clients to the fake LLM, metered per member.
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createKeySealer } from '../../lib/team-server/providers/seal-provider-key';
import { forwardToProvider } from '../../lib/team-server/providers/forward-to-provider';
import { SECRET, startProviderWorld, TEAM_KEY } from './team-providers';
// The extension's pieces below say their errors with t(), which reads chrome.i18n: English here.
import '../harness/install-english-i18n-global';

let w: Awaited<ReturnType<typeof startProviderWorld>>;

beforeAll(async () => {
  w = await startProviderWorld();
}, 180_000);
afterAll(() => w?.close());
beforeEach(() => {
  w.llm.reset();
  w.llm.setValidKeys([TEAM_KEY]);
});

const openai = (token: string) => new OpenAI({ apiKey: token, baseURL: w.proxyOpenAI, maxRetries: 0 });
const anthropic = (token: string) =>
  new Anthropic({ apiKey: null, authToken: token, baseURL: w.proxyAnthropic, maxRetries: 0 });

describe('team providers', () => {
  it('seals the key at rest, bound to its row, and returns it from no endpoint', async () => {
    expect(JSON.stringify(w.openaiProvider)).not.toContain(TEAM_KEY);
    expect(w.openaiProvider).toMatchObject({ name: 'Red OpenAI', kind: 'openai-compatible', models: ['gpt-4o-mini'] });
    const { rows } = await w.t.server.ctx.db.pool.query(
      'SELECT id, team_id, sealed_key FROM tabwise.team_providers ORDER BY created_at',
    );
    const sealed: Buffer = rows[0].sealed_key;
    expect(sealed.toString('latin1')).not.toContain(TEAM_KEY);
    expect(sealed.toString('latin1')).not.toContain(TEAM_KEY.slice(-8));
    const sealer = createKeySealer(SECRET);
    expect(sealer.open(sealed, { teamId: rows[0].team_id, providerId: rows[0].id })).toBe(TEAM_KEY);
    // Another secret, or the same bytes on another row, open nothing.
    expect(() =>
      createKeySealer('x'.repeat(40)).open(sealed, { teamId: rows[0].team_id, providerId: rows[0].id }),
    ).toThrow();
    expect(() => sealer.open(sealed, { teamId: rows[1].team_id, providerId: rows[1].id })).toThrow();
    // Two seals of one key differ (a fresh IV each).
    expect(sealer.seal(TEAM_KEY, { teamId: 'a', providerId: 'b' })).not.toEqual(
      sealer.seal(TEAM_KEY, { teamId: 'a', providerId: 'b' }),
    );

    const listed = await w.t.call('GET', '/v1/me/providers', w.t.world.bob.token);
    expect(listed.status).toBe(200);
    const red = listed.json.find((g: { teamId: string }) => g.teamId === w.t.world.red);
    expect(red).toMatchObject({ teamName: 'Red', mode: 'team-and-own' });
    expect(red.providers.map((p: { name: string }) => p.name).sort()).toEqual(['Red Claude', 'Red OpenAI']);
    expect(JSON.stringify(listed.json)).not.toContain(TEAM_KEY);
    // Blue's people see none of Red's providers.
    const dee = await w.t.call('GET', '/v1/me/providers', w.t.world.dee.token);
    expect(dee.json).toEqual([{ teamId: w.t.world.blue, teamName: 'Blue', mode: 'team-and-own', providers: [] }]);
  });

  it("refuses a member's additions, bad addresses and a server without a secret", async () => {
    const base = { name: 'X', kind: 'openai', models: ['m'], apiKey: 'sk-x' };
    expect((await w.add(w.t.world.bob.token, w.t.world.red, base)).status).toBe(403);
    expect((await w.add(w.t.world.cy.token, w.t.world.red, base)).status).toBe(403);
    const plain = await w.add(w.t.world.ada.token, w.t.world.red, { ...base, baseUrl: 'http://example.com/v1' });
    expect(plain.status).toBe(400);
    expect(plain.json.error.message).toContain('baseUrl');
    expect(JSON.stringify(plain.json)).not.toContain('sk-x');
    const noBase = await w.add(w.t.world.ada.token, w.t.world.red, { ...base, kind: 'openai-compatible' });
    expect(noBase.status).toBe(400);
    const same = await w.add(w.t.world.ada.token, w.t.world.red, { ...base, name: 'Red OpenAI' });
    expect(same.status).toBe(409);
    const off = await forwardToProvider(
      { pool: w.t.server.ctx.db.pool, sealer: undefined, log: () => {} },
      'openai',
      { userId: w.t.world.bob.userId },
      new Request('http://x/', { method: 'POST', body: '{"model":"gpt-4o-mini"}' }),
    );
    expect(off.status).toBe(503);
    expect((await off.json()).error.message).toContain('TEAM_SERVER_SECRET');
  });

  it('sets the mode (admins only), and the members read it', async () => {
    const put = (token: string, mode: string) =>
      w.t.call('PUT', `/v1/teams/${w.t.world.red}/provider-mode`, token, { mode });
    expect((await put(w.t.world.bob.token, 'team-only')).status).toBe(403);
    expect((await put(w.t.world.ada.token, 'everything')).status).toBe(400);
    expect((await put(w.t.world.ada.token, 'team-only')).status).toBe(204);
    const listed = await w.t.call('GET', '/v1/me/providers', w.t.world.bob.token);
    expect(listed.json.find((g: { teamId: string }) => g.teamId === w.t.world.red).mode).toBe('team-only');
    expect((await put(w.t.world.ada.token, 'team-and-own')).status).toBe(204);
  });
});

describe('the pass-through', () => {
  it('streams OpenAI chunk by chunk with tools intact, with the team key, and meters the member', async () => {
    w.llm.enqueue({
      text: ['The ', 'answer ', 'is ', '42.'],
      chunkDelayMs: 300,
      usage: { inputTokens: 1000, outputTokens: 500 },
    });
    const before = (await w.t.call('GET', '/v1/me/usage', w.t.world.bob.token)).json;
    const tools = [
      {
        type: 'function' as const,
        function: { name: 'read_page', description: 'Reads', parameters: { type: 'object', properties: {} } },
      },
    ];
    const stream = await openai(w.t.world.bob.token).chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'What is it?' }],
      tools,
      stream: true,
    });
    const arrivals: number[] = [];
    let text = '';
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta.content;
      if (delta) {
        text += delta;
        arrivals.push(Date.now());
      }
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe('The answer is 42.');
    // Not buffered: the first words arrived well before the last (the fake waits 300 ms between chunks).
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThan(600);
    expect(usage).toMatchObject({ prompt_tokens: 1000, completion_tokens: 500 });
    const upstream = w.llm.requests.at(-1)!;
    expect(upstream.path).toBe('/v1/chat/completions');
    expect(upstream.headers.authorization).toBe(`Bearer ${TEAM_KEY}`);
    expect(JSON.stringify(upstream.headers)).not.toContain(w.t.world.bob.token);
    expect((upstream.body as { tools: unknown }).tools).toEqual(tools);
    const after = await waitForUsage(w.t.world.bob.token, w.t.world.red, (before[0]?.requests ?? 0) + 1);
    // 1000 × 100 + 500 × 400 per million tokens.
    expect(after.cost - (before.find((u: { teamId: string }) => u.teamId === w.t.world.red)?.cost ?? 0)).toBeCloseTo(
      0.3,
    );
  });

  it('streams Anthropic events with cache_control and the beta header intact, and meters cached tokens', async () => {
    w.llm.enqueue({
      text: ['Cached ', 'hello'],
      chunkDelayMs: 300,
      toolCalls: [{ name: 'read_page', arguments: '{"part":"all"}' }],
      usage: { inputTokens: 200, cachedTokens: 1000, outputTokens: 100 },
    });
    const before = await waitForUsage(w.t.world.bob.token, w.t.world.red, 0);
    const system = [{ type: 'text' as const, text: 'You are Tabwise.', cache_control: { type: 'ephemeral' as const } }];
    const tools = [
      { name: 'read_page', description: 'Reads', input_schema: { type: 'object' as const, properties: {} } },
    ];
    const stream = anthropic(w.t.world.bob.token).messages.stream(
      { model: 'claude-sonnet-4-5', max_tokens: 100, system, tools, messages: [{ role: 'user', content: 'Hi' }] },
      { headers: { 'anthropic-beta': 'prompt-caching-2024-07-31' } },
    );
    const arrivals: number[] = [];
    stream.on('text', () => arrivals.push(Date.now()));
    const final = await stream.finalMessage();
    expect(final.content.find((b) => b.type === 'text')).toMatchObject({ text: 'Cached hello' });
    expect(final.content.find((b) => b.type === 'tool_use')).toMatchObject({
      name: 'read_page',
      input: { part: 'all' },
    });
    expect(final.usage).toMatchObject({ input_tokens: 200, cache_read_input_tokens: 1000, output_tokens: 100 });
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThan(200);
    const upstream = w.llm.requests.at(-1)!;
    expect(upstream.path).toBe('/v1/messages');
    expect(upstream.headers['x-api-key']).toBe(TEAM_KEY);
    expect(upstream.headers.authorization).toBeUndefined();
    expect(upstream.headers['anthropic-beta']).toBe('prompt-caching-2024-07-31');
    expect((upstream.body as { system: unknown }).system).toEqual(system);
    const after = await waitForUsage(w.t.world.bob.token, w.t.world.red, before.requests + 1);
    // 200 × 300 + 1000 × 30 (cached) + 100 × 1500 per million tokens.
    expect(after.cost - before.cost).toBeCloseTo(0.24);
  });

  it('passes a non-streaming answer and an upstream error through in the wire format', async () => {
    w.llm.enqueue({ text: ['plain'], usage: { inputTokens: 10, outputTokens: 2 } });
    const done = await openai(w.t.world.bob.token).chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(done.choices[0]!.message.content).toBe('plain');
    w.llm.enqueue({ text: ['x'], fault: { kind: 'http', status: 400, message: 'context too long' } });
    const failed = await anthropic(w.t.world.bob.token)
      .messages.create({ model: 'claude-sonnet-4-5', max_tokens: 10, messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Anthropic.BadRequestError);
    expect((failed as Error).message).toContain('context too long');
  });

  it("ends a member's requests when their monthly budget is used up, in each SDK's own error, before any upstream call", async () => {
    const { ada, bob, dee } = w.t.world;
    const setBudget = (token: string, userId: string, monthlyLimit: number | null) =>
      w.t.call('PUT', `/v1/teams/${w.t.world.red}/budgets/${userId}`, token, { monthlyLimit });
    expect((await setBudget(bob.token, bob.userId, 1000)).status).toBe(403);
    expect((await setBudget(ada.token, dee.userId, 1)).status).toBe(404);
    expect((await setBudget(ada.token, bob.userId, 0.01)).status).toBe(204);
    const sent = w.llm.requests.length;
    const o = await openai(bob.token)
      .chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }], stream: true })
      .catch((e: unknown) => e);
    expect(o).toBeInstanceOf(OpenAI.APIError);
    expect((o as InstanceType<typeof OpenAI.APIError>).status).toBe(402);
    expect((o as Error).message).toContain('monthly budget');
    const a = await anthropic(bob.token)
      .messages.create({ model: 'claude-sonnet-4-5', max_tokens: 10, messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    expect(a).toBeInstanceOf(Anthropic.APIError);
    expect((a as InstanceType<typeof Anthropic.APIError>).status).toBe(402);
    expect((a as Error).message).toContain('monthly budget');
    expect(w.llm.requests.length).toBe(sent);
    // Ada's own budget is not Bob's: she still gets through; lifting Bob's lets him again.
    w.llm.enqueue({ text: ['ok'] });
    await openai(ada.token).chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'x' }],
    });
    expect((await setBudget(ada.token, bob.userId, null)).status).toBe(204);
    w.llm.enqueue({ text: ['ok again'] });
    const again = await openai(bob.token).chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(again.choices[0]!.message.content).toBe('ok again');
  });

  it('lists the team models in each SDK’s format, and takes the token as an Anthropic key too', async () => {
    const ids: string[] = [];
    for await (const m of openai(w.t.world.bob.token).models.list()) ids.push(m.id);
    expect(ids).toEqual(['gpt-4o-mini']);
    const keyed = new Anthropic({ apiKey: w.t.world.bob.token, baseURL: w.proxyAnthropic, maxRetries: 0 });
    const names: string[] = [];
    for await (const m of keyed.models.list()) names.push(m.id);
    expect(names).toEqual(['claude-sonnet-4-5']);
    w.llm.enqueue({ text: ['keyed'] });
    const reply = await keyed.messages.create({
      model: 'claude-sonnet-4-5',
      max_tokens: 5,
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(reply.content[0]).toMatchObject({ text: 'keyed' });
    expect(w.llm.requests.at(-1)!.headers['x-api-key']).toBe(TEAM_KEY);
    // Blue's people see none of Red's models.
    const dee: string[] = [];
    for await (const m of openai(w.t.world.dee.token).models.list()) dee.push(m.id);
    expect(dee).toEqual([]);
  });

  it("gives admins their team's usage per member, and members only their own", async () => {
    const summary = await w.t.call('GET', `/v1/teams/${w.t.world.red}/usage`, w.t.world.ada.token);
    expect(summary.status).toBe(200);
    const bob = summary.json.find((r: { email: string }) => r.email === 'bob@red.test');
    expect(bob.requests).toBeGreaterThanOrEqual(3);
    expect(bob.inputTokens).toBeGreaterThanOrEqual(1000 + 1200);
    expect((await w.t.call('GET', `/v1/teams/${w.t.world.red}/usage`, w.t.world.bob.token)).status).toBe(403);
    expect((await w.t.call('GET', `/v1/teams/${w.t.world.red}/usage`, w.t.world.cy.token)).status).toBe(403);
  });
});

/** Bob's usage row for `teamId` once it counts at least `requests` (metering happens as the stream ends). */
async function waitForUsage(token: string, teamId: string, requests: number) {
  const end = Date.now() + 10_000;
  for (;;) {
    const mine = (await w.t.call('GET', '/v1/me/usage', token)).json as {
      teamId: string;
      requests: number;
      cost: number;
    }[];
    const row = mine.find((r) => r.teamId === teamId)!;
    if (row.requests >= requests) return row;
    if (Date.now() > end) throw new Error(`usage still ${row.requests} requests`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("the extension's own pieces against the pass-through", () => {
  it('lists the team providers with its team client and streams through them with its own adapters', async () => {
    const { fetchTeamProviders } = await import('../../lib/tools/team/team-client');
    const { toTeamProviderViews } = await import('../../lib/tools/team/team-provider-source');
    const { createChatModel } = await import('../../lib/providers/create-chat-model');
    const creds = { url: w.t.server.url, token: w.t.world.bob.token };
    const views = toTeamProviderViews(creds.url, await fetchTeamProviders(creds, { fetch }));
    expect(views.map((v) => v.name).sort()).toEqual(['Team: Red Claude', 'Team: Red OpenAI']);
    for (const view of views) {
      w.llm.enqueue({ text: [`via `, view.kind], usage: { inputTokens: 3, outputTokens: 2 } });
      const model = createChatModel(view, creds.token);
      let text = '';
      let finish: unknown;
      for await (const part of model.stream(
        { system: 'Be brief.', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] },
        AbortSignal.timeout(20_000),
      )) {
        if (part.type === 'text-delta') text += part.delta;
        if (part.type === 'finish') finish = part;
      }
      expect(text).toBe(`via ${view.kind}`);
      expect(finish).toMatchObject({ finishReason: 'stop', usage: { inputTokens: 3, outputTokens: 2 } });
      const upstream = w.llm.requests.at(-1)!;
      expect(view.kind === 'anthropic' ? upstream.headers['x-api-key'] : upstream.headers.authorization).toBe(
        view.kind === 'anthropic' ? TEAM_KEY : `Bearer ${TEAM_KEY}`,
      );
    }
  });

  it("ends the extension's run with the budget's message when it is used up", async () => {
    const { createChatModel } = await import('../../lib/providers/create-chat-model');
    const { toTeamProviderViews } = await import('../../lib/tools/team/team-provider-source');
    const { fetchTeamProviders } = await import('../../lib/tools/team/team-client');
    const { ada } = w.t.world;
    expect(
      (await w.t.call('PUT', `/v1/teams/${w.t.world.red}/budgets/${ada.userId}`, ada.token, { monthlyLimit: 0 }))
        .status,
    ).toBe(204);
    const creds = { url: w.t.server.url, token: ada.token };
    for (const view of toTeamProviderViews(creds.url, await fetchTeamProviders(creds, { fetch }))) {
      const stream = createChatModel(view, creds.token).stream(
        { system: '', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] },
        AbortSignal.timeout(20_000),
      );
      const failed = await (async () => {
        for await (const part of stream) void part;
      })().catch((e: unknown) => e);
      expect((failed as Error).message).toContain('Your monthly budget on the team');
    }
  });
});
