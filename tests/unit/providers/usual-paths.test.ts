import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../fake-llm';
import { candidateBaseUrls, listModelsAtUsualPaths } from '../../../lib/providers/list-models-at-usual-paths';
import { ProviderError } from '../../../lib/providers/provider-error';

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(() => llm.close());

const test = (baseUrl: string, apiKey?: string) =>
  listModelsAtUsualPaths({ kind: 'openai-compatible', baseUrl, ...(apiKey ? { apiKey } : {}) });
const modelPaths = () => llm.requests.filter((r) => r.method === 'GET').map((r) => r.path);

describe('Test connection tries the usual paths', () => {
  it('finds a server typed without /v1 at its /v1, after asking where it was typed, and says where', async () => {
    llm.reset();
    const found = await test(llm.url);
    expect(found.models).toEqual(['claude-sonnet-4-5', 'gpt-4o-mini']);
    expect(found.baseUrl).toBe(`${llm.url}/v1`);
    expect(modelPaths()).toEqual(['/models', '/v1/models']);
  });

  it('an address with the endpoint path on the end becomes the base; one that already works is not changed', async () => {
    expect((await test(`${llm.url}/v1/chat/completions`)).baseUrl).toBe(`${llm.url}/v1`);
    expect((await test(`${llm.url}/v1/models`)).baseUrl).toBe(`${llm.url}/v1`);
    expect((await test(`${llm.url}/v1`)).baseUrl).toBeUndefined();
    expect((await test(`${llm.url}/v1/`)).baseUrl).toBeUndefined();
  });

  it('when no path answers, says what was tried, what the server said and what to type', async () => {
    const error = await test(`${llm.url}/api`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).code).toBe('not_found');
    expect((error as Error).message).toBe(
      `No model list at ${llm.url}/api/models, ${llm.url}/api/v1/models (the server said: Invalid URL (GET /api/models)). ` +
        `Type the server's API address, which usually ends in /v1, such as ${llm.url}/api/v1.`,
    );
  });

  it('a refused key or a server that is down is not a wrong path: said at once, nothing more tried', async () => {
    llm.reset();
    llm.setValidKeys(['right']);
    const refused = await test(llm.url, 'wrong').catch((e: unknown) => e);
    expect((refused as ProviderError).code).toBe('auth');
    expect(modelPaths()).toEqual(['/models']);
    llm.setValidKeys(undefined);
    const down = await test('http://127.0.0.1:9/').catch((e: unknown) => e);
    expect((down as ProviderError).code).toBe('network');
  });

  it('candidates: typed, without an endpoint path, with /v1; anthropic and azure are left alone', async () => {
    expect(candidateBaseUrls('http://localhost:11434/')).toEqual([
      'http://localhost:11434',
      'http://localhost:11434/v1',
    ]);
    expect(candidateBaseUrls('http://h/v1/models')).toEqual(['http://h/v1/models', 'http://h/v1']);
    const listed: string[] = [];
    await expect(
      listModelsAtUsualPaths({ kind: 'anthropic', baseUrl: 'http://h' }, async (t) => {
        listed.push(t.baseUrl);
        throw new ProviderError({ code: 'not_found', message: 'nope' });
      }),
    ).rejects.toThrow('nope');
    expect(listed).toEqual(['http://h']);
  });
});
