import Anthropic from '@anthropic-ai/sdk';
import OpenAI, { APIError } from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../fake-llm';
import { createClients } from './create-clients';

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const user = [{ role: 'user' as const, content: 'hello' }];

describe('request recording', () => {
  it('records OpenAI requests with lower-cased headers and the parsed body', async () => {
    const { openai } = createClients(llm);
    const before = Date.now();
    await openai.chat.completions
      .stream({ model: 'gpt-test', messages: user, stream_options: { include_usage: true } })
      .finalChatCompletion();
    const [req] = llm.requests;
    expect(req).toMatchObject({ method: 'POST', path: '/v1/chat/completions', wire: 'openai' });
    expect(req!.at).toBeGreaterThanOrEqual(before);
    expect(req!.body).toEqual({
      model: 'gpt-test',
      messages: user,
      stream_options: { include_usage: true },
      stream: true,
    });
    expect(req!.headers).toMatchObject({
      authorization: 'Bearer sk-test',
      'content-type': 'application/json',
      'x-stainless-retry-count': '0',
    });
    expect(req!.headers['user-agent']).toMatch(/^OpenAI\/JS 6\./);
  });

  it('records Anthropic requests; SDK 1.x sends the key as a Bearer token, not x-api-key', async () => {
    const { anthropic } = createClients(llm);
    await anthropic.messages
      .stream({ model: 'claude-test', max_tokens: 8, messages: user, system: 'be brief' })
      .finalMessage();
    const [req] = llm.requests;
    expect(req).toMatchObject({ method: 'POST', path: '/v1/messages', wire: 'anthropic' });
    expect(req!.body).toEqual({
      model: 'claude-test',
      max_tokens: 8,
      messages: user,
      system: 'be brief',
      stream: true,
    });
    expect(req!.headers.authorization).toBe('Bearer sk-test');
    expect(req!.headers['x-api-key']).toBeUndefined();
    expect(req!.headers['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(req!.headers['user-agent']).toMatch(/^Anthropic\/JS 1\./);
  });

  it('passes the recorded request to reply functions and takes replies in FIFO order', async () => {
    llm.enqueue((req) => ({ text: [`first for ${req.path}`] }), { text: ['second'] });
    const { openai } = createClients(llm);
    const a = await openai.chat.completions.create({ model: 'm', messages: user });
    const b = await openai.chat.completions.create({ model: 'm', messages: user });
    const c = await openai.chat.completions.create({ model: 'm', messages: user });
    expect([a, b, c].map((r) => r.choices[0]!.message.content)).toEqual([
      'first for /v1/chat/completions',
      'second',
      'ok',
    ]);
  });

  it('lists models in each vendor format', async () => {
    llm.models = ['model-a', 'claude-b'];
    const { openai, anthropic } = createClients(llm);
    const openaiModels = await openai.models.list();
    expect(openaiModels.data.map((m) => [m.id, m.object, m.owned_by])).toEqual([
      ['model-a', 'model', 'system'],
      ['claude-b', 'model', 'system'],
    ]);
    const anthropicModels = await anthropic.models.list();
    expect(anthropicModels.data.map((m) => [m.type, m.id, m.display_name])).toEqual([
      ['model', 'model-a', 'Model A'],
      ['model', 'claude-b', 'Claude B'],
    ]);
    const raw = (await (
      await fetch(`${llm.url}/v1/models`, { headers: { 'anthropic-version': '2023-06-01' } })
    ).json()) as object;
    expect(raw).toMatchObject({ has_more: false, first_id: 'model-a', last_id: 'claude-b' });
    expect(llm.requests.map((r) => r.wire)).toEqual(['openai', 'anthropic', 'anthropic']);
  });

  it('answers unknown paths with a 404 in the vendor format', async () => {
    const openaiRes = await fetch(`${llm.openaiBaseUrl}/embeddings`, { method: 'POST', body: '{}' });
    expect(openaiRes.status).toBe(404);
    expect(await openaiRes.json()).toMatchObject({
      error: { type: 'invalid_request_error', message: 'Invalid URL (POST /v1/embeddings)' },
    });
    const anthropicRes = await fetch(`${llm.url}/v1/complete`, {
      method: 'POST',
      headers: { 'x-api-key': 'k' },
      body: '{}',
    });
    expect(anthropicRes.status).toBe(404);
    expect(await anthropicRes.json()).toMatchObject({ type: 'error', error: { type: 'not_found_error' } });
  });

  it('answers a CORS preflight', async () => {
    const res = await fetch(`${llm.openaiBaseUrl}/chat/completions`, {
      method: 'OPTIONS',
      headers: { origin: 'chrome-extension://abc', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
  });
});

describe('validKeys', () => {
  let guarded: FakeLlm;
  beforeAll(async () => {
    guarded = await startFakeLlm({ validKeys: ['good'] });
  });
  afterAll(() => guarded.close());
  beforeEach(() => guarded.reset());

  it('rejects a wrong key with each vendor 401 without consuming a queued reply', async () => {
    guarded.enqueue({ text: ['kept'] });
    const bad = createClients(guarded, { apiKey: 'bad', maxRetries: 2 });
    const openaiError = await bad.openai.chat.completions
      .create({ model: 'm', messages: user })
      .catch((e: unknown) => e);
    expect(openaiError).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((openaiError as APIError).code).toBe('invalid_api_key');
    const anthropicError = await bad.anthropic.messages
      .create({ model: 'c', max_tokens: 8, messages: user })
      .catch((e: unknown) => e);
    expect(anthropicError).toBeInstanceOf(Anthropic.AuthenticationError);
    expect(guarded.requests).toHaveLength(2);

    const good = createClients(guarded, { apiKey: 'good' });
    const reply = await good.openai.chat.completions.create({ model: 'm', messages: user });
    expect(reply.choices[0]!.message.content).toBe('kept');
  });

  it('accepts the key in x-api-key, and follows setValidKeys until reset', async () => {
    const viaHeader = (key: string) =>
      fetch(`${guarded.url}/v1/models`, { headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01' } });
    expect((await viaHeader('good')).status).toBe(200);
    expect((await viaHeader('nope')).status).toBe(401);
    guarded.setValidKeys(['nope']);
    expect((await viaHeader('good')).status).toBe(401);
    expect((await viaHeader('nope')).status).toBe(200);
    guarded.reset();
    expect((await viaHeader('good')).status).toBe(200);
  });
});

describe('close', () => {
  it('ends a stalled stream and resolves promptly despite the open connection', async () => {
    const own = await startFakeLlm();
    own.enqueue({ text: ['a'], fault: { kind: 'stall', afterChunks: 1 } });
    const stream = createClients(own).openai.chat.completions.stream({ model: 'm', messages: user });
    await new Promise((resolve) => stream.on('content', resolve));
    const started = Date.now();
    await own.close();
    expect(Date.now() - started).toBeLessThan(500);
    await expect(stream.finalChatCompletion()).rejects.toThrow();
  });
});
