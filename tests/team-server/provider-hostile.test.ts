// Hostile cases against team providers and the pass-through (issue 27, Security): forged tokens are refused, the
// caller cannot steer the pass-through to another upstream, the key appears in no reply or log line (even when the
// provider echoes it), and no member reads another's usage, nor anyone another team's providers or keys, even
// with queries that forget every filter.
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withCaller } from '../../lib/team-server/db/with-caller';
import { startFakeLlm, type FakeLlm } from '../fake-llm';
import { startProviderWorld, TEAM_KEY } from './team-providers';

const BLUE_KEY = 'sk-team-Blue-key-0000000000000000';
let w: Awaited<ReturnType<typeof startProviderWorld>>;
let elsewhere: FakeLlm;
let blueProviderId: string;
const replies: string[] = [];
const consoleLines: string[] = [];

beforeAll(async () => {
  w = await startProviderWorld();
  elsewhere = await startFakeLlm();
  const blue = await w.add(w.t.world.cy.token, w.t.world.blue, {
    name: 'Blue',
    kind: 'openai-compatible',
    baseUrl: elsewhere.openaiBaseUrl,
    models: ['gpt-blue-only', 'gpt-4o-mini'],
    apiKey: BLUE_KEY,
  });
  blueProviderId = blue.json.id;
  for (const level of ['log', 'error', 'warn', 'info'] as const)
    vi.spyOn(console, level).mockImplementation(
      (...args: unknown[]) => void consoleLines.push(args.map(String).join(' ')),
    );
}, 180_000);
afterAll(async () => {
  vi.restoreAllMocks();
  await w?.close();
  await elsewhere?.close();
});

/** A raw request to the pass-through, its text kept for the key check. */
async function raw(path: string, token: string | undefined, body: string, headers: Record<string, string> = {}) {
  const res = await fetch(w.t.server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body,
  });
  const text = await res.text();
  replies.push(text);
  return { status: res.status, text };
}

const ask = (model = 'gpt-4o-mini', extra: object = {}) =>
  JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }], ...extra });

describe('the pass-through refuses', () => {
  it('forged, unknown and missing tokens, with no upstream request', async () => {
    const sent = w.llm.requests.length;
    const forged = [`twp_${'A'.repeat(43)}`, `tws_${'B'.repeat(43)}`, 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', TEAM_KEY];
    for (const token of forged) {
      const failed = await new OpenAI({ apiKey: token, baseURL: w.proxyOpenAI, maxRetries: 0 }).chat.completions
        .create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] })
        .catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(OpenAI.AuthenticationError);
    }
    const anth = await new Anthropic({ apiKey: TEAM_KEY, baseURL: w.proxyAnthropic, maxRetries: 0 }).messages
      .create({ model: 'claude-sonnet-4-5', max_tokens: 5, messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    expect(anth).toBeInstanceOf(Anthropic.AuthenticationError);
    expect((await raw('/v1/proxy/openai/chat/completions', undefined, ask())).status).toBe(401);
    expect(w.llm.requests.length).toBe(sent);
  });

  it('every attempt to point it at another upstream: headers, body fields, query, another team’s provider or model', async () => {
    const { bob } = w.t.world;
    const before = elsewhere.requests.length;
    w.llm.setFallback({ text: ['from Red'] });
    const steer = await raw(
      '/v1/proxy/openai/chat/completions?baseURL=' + encodeURIComponent(elsewhere.openaiBaseUrl),
      bob.token,
      ask('gpt-4o-mini', { base_url: elsewhere.openaiBaseUrl, baseURL: elsewhere.openaiBaseUrl, url: elsewhere.url }),
      { 'x-forwarded-host': new URL(elsewhere.url).host, forwarded: `host=${new URL(elsewhere.url).host}` },
    );
    expect(steer.status).toBe(200);
    expect(steer.text).toContain('from Red');
    // Blue's provider, by id, and a model only Blue's provider lists: no such provider for Bob.
    const byId = await raw('/v1/proxy/openai/chat/completions', bob.token, ask(), {
      'x-tabwise-provider': blueProviderId,
    });
    expect(byId.status).toBe(404);
    const notAnId = await raw('/v1/proxy/openai/chat/completions', bob.token, ask(), {
      'x-tabwise-provider': "' OR 1=1 --",
    });
    expect(notAnId.status).toBe(400);
    expect((await raw('/v1/proxy/openai/chat/completions', bob.token, ask('gpt-blue-only'))).status).toBe(404);
    // Paths beyond the two routes are not forwarded anywhere.
    expect((await raw('/v1/proxy/openai/models', bob.token, '{}')).status).toBe(404);
    expect((await raw('/v1/proxy/openai/../../v1/proxy/x', bob.token, ask())).status).toBe(404);
    expect(elsewhere.requests.length).toBe(before);
    // And the caller's own headers stay here: only the team key travels.
    const last = w.llm.requests.at(-1)!;
    expect(last.headers['x-forwarded-host']).toBeUndefined();
    expect(last.headers.forwarded).toBeUndefined();
    expect(last.headers.authorization).toBe(`Bearer ${TEAM_KEY}`);
  });

  it('malformed bodies, in the wire’s error format', async () => {
    const { bob } = w.t.world;
    const notJson = await raw('/v1/proxy/anthropic/v1/messages', bob.token, '{"model":');
    expect(notJson.status).toBe(400);
    expect(JSON.parse(notJson.text)).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    const noModel = await raw('/v1/proxy/openai/chat/completions', bob.token, '{"messages":[]}');
    expect(noModel.status).toBe(400);
    expect(JSON.parse(noModel.text).error.message).toContain('model');
    expect((await raw('/v1/proxy/openai/chat/completions', bob.token, '[1,2]')).status).toBe(400);
  });
});

describe('the team key', () => {
  it('never reaches a member, even when the provider echoes it or refuses it', async () => {
    const { bob } = w.t.world;
    w.llm.enqueue({ fault: { kind: 'http', status: 400, message: `Incorrect API key provided: ${TEAM_KEY}.` } });
    const echoed = await raw('/v1/proxy/openai/chat/completions', bob.token, ask());
    expect(echoed.status).toBe(400);
    expect(echoed.text).toContain('[the team key]');
    w.llm.setValidKeys(['another-key']);
    const refused = await new OpenAI({ apiKey: bob.token, baseURL: w.proxyOpenAI, maxRetries: 0 }).chat.completions
      .create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    w.llm.setValidKeys(undefined);
    expect(refused).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect((refused as Error).message).toContain("Ask your team's admin");
    replies.push((refused as Error).message);
  });

  it('appears in no reply of any endpoint and no log line of the server', async () => {
    const { ada, bob } = w.t.world;
    for (const [path, token] of [
      ['/v1/me/providers', bob.token],
      ['/v1/me/providers', ada.token],
      [`/v1/teams/${w.t.world.red}/usage`, ada.token],
      ['/v1/me/usage', bob.token],
      ['/openapi.json', undefined],
    ] as const)
      replies.push(JSON.stringify((await w.t.call('GET', path, token)).json));
    const everything = [...replies, ...w.lines, ...consoleLines].join('\n');
    expect(replies.length).toBeGreaterThan(10);
    for (const key of [TEAM_KEY, BLUE_KEY]) expect(everything).not.toContain(key);
  });
});

describe('row-level security on providers and usage', () => {
  it('no member reads another member’s usage, nor any other team’s, with unfiltered queries', async () => {
    const { ada, bob, dee } = w.t.world;
    w.llm.setFallback({ text: ['ok'], usage: { inputTokens: 5, outputTokens: 5 } });
    for (const token of [ada.token, bob.token])
      expect((await raw('/v1/proxy/openai/chat/completions', token, ask())).status).toBe(200);
    await expect
      .poll(
        () =>
          w.t.server.ctx.db.pool
            .query('SELECT count(DISTINCT user_id)::int AS n FROM tabwise.provider_usage')
            .then((r) => r.rows[0].n),
        { timeout: 10_000 },
      )
      .toBeGreaterThanOrEqual(2);
    const usersSeenBy = (userId: string) =>
      withCaller(w.t.server.ctx.db.pool, { userId }, async (tx) =>
        [
          ...new Set(
            (await tx.query<{ user_id: string }>('SELECT user_id FROM provider_usage')).rows.map((r) => r.user_id),
          ),
        ].sort(),
      );
    expect(await usersSeenBy(bob.userId)).toEqual([bob.userId]);
    expect(await usersSeenBy(dee.userId)).toEqual([]);
    expect((await usersSeenBy(ada.userId)).sort()).toEqual([ada.userId, bob.userId].sort());
    // Writing a row as someone else, or into another team, is refused by the policies.
    const forge = (userId: string, asUser: string, teamId: string) =>
      withCaller(w.t.server.ctx.db.pool, { userId }, (tx) =>
        tx.query(
          `INSERT INTO provider_usage (team_id, user_id, model, input_tokens, output_tokens, cost) VALUES ($1, $2, 'm', 0, 0, 0)`,
          [teamId, asUser],
        ),
      );
    await expect(forge(bob.userId, ada.userId, w.t.world.red)).rejects.toMatchObject({ code: '42501' });
    await expect(forge(dee.userId, dee.userId, w.t.world.red)).rejects.toMatchObject({ code: '42501' });
    // A member sets no budget, not even their own.
    await expect(
      withCaller(w.t.server.ctx.db.pool, { userId: bob.userId }, (tx) =>
        tx.query(`INSERT INTO member_budgets (team_id, user_id, monthly_limit) VALUES ($1, $2, 1e9)`, [
          w.t.world.red,
          bob.userId,
        ]),
      ),
    ).rejects.toMatchObject({ code: '42501' });
  });

  it('the sealed key column is not readable by the application role, and the key function answers only a member', async () => {
    const { bob, cy } = w.t.world;
    const pool = w.t.server.ctx.db.pool;
    await expect(
      withCaller(pool, { userId: bob.userId }, (tx) => tx.query('SELECT * FROM team_providers')),
    ).rejects.toMatchObject({ code: '42501' });
    await expect(
      withCaller(pool, { userId: cy.userId }, (tx) => tx.query('SELECT sealed_key FROM team_providers')),
    ).rejects.toMatchObject({ code: '42501' });
    const names = await withCaller(pool, { userId: bob.userId }, async (tx) =>
      (await tx.query<{ name: string }>('SELECT name FROM team_providers')).rows.map((r) => r.name).sort(),
    );
    expect(names).toEqual(['Red Claude', 'Red OpenAI']);
    const sealedFor = (userId: string, id: string) =>
      withCaller(
        pool,
        { userId },
        async (tx) =>
          (await tx.query<{ k: Buffer | null }>('SELECT tabwise.team_provider_sealed_key($1) AS k', [id])).rows[0]!.k,
      );
    expect(await sealedFor(bob.userId, blueProviderId)).toBeNull();
    expect(await sealedFor(bob.userId, w.openaiProvider.id)).toBeInstanceOf(Buffer);
    // Members cannot add or remove their team's providers underneath the API either.
    const removed = await withCaller(pool, { userId: bob.userId }, (tx) => tx.query('DELETE FROM team_providers'));
    expect(removed.rowCount).toBe(0);
  });
});

// Last in the file: the server answers before the upload ends and closes that connection, which the test's own
// fetch pool may try to reuse afterwards.
describe('the pass-through limits', () => {
  it('refuses a body over the limit, counted as it streams in, in the wire format', async () => {
    const { bob } = w.t.world;
    const huge = new ReadableStream<Uint8Array>({
      start(controller) {
        const piece = new TextEncoder().encode('x'.repeat(1024 * 1024));
        controller.enqueue(new TextEncoder().encode('{"model":"gpt-4o-mini","pad":"'));
        for (let i = 0; i < 34; i++) controller.enqueue(piece);
        controller.enqueue(new TextEncoder().encode('"}'));
        controller.close();
      },
    });
    const sent = w.llm.requests.length;
    const tooLarge = await fetch(w.t.server.url + '/v1/proxy/anthropic/v1/messages', {
      method: 'POST',
      headers: { authorization: `Bearer ${bob.token}`, 'content-type': 'application/json' },
      body: huge,
      duplex: 'half',
    } as RequestInit);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ type: 'error', error: { type: 'request_too_large' } });
    expect(w.llm.requests.length).toBe(sent);
  });
});
