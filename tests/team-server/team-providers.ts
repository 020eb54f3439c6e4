/** A team server with a secret and a fake LLM upstream, and a Red team provider on it, for the providers' tests. */
import { startFakeLlm, type FakeLlm } from '../fake-llm';
import { fakeEmbedder, startTestServer } from './test-server';

/** The team's key: what only the fake LLM and the sealed column may ever hold. */
export const TEAM_KEY = 'sk-team-Red-0123456789abcdefSECRET';
export const SECRET = 'test-secret-of-the-team-server-0123456789';

export async function startProviderWorld() {
  const lines: string[] = [];
  const llm: FakeLlm = await startFakeLlm({ validKeys: [TEAM_KEY, 'sk-team-Blue-key-0000000000000000'] });
  const t = await startTestServer(
    { TEAM_SERVER_SECRET: SECRET, TEAM_SERVER_SEARCH_RATE: '10000', TEAM_SERVER_UPLOAD_RATE: '10000' },
    { embedder: fakeEmbedder(), log: (line) => lines.push(line) },
  );
  const add = (token: string, teamId: string, body: object) =>
    t.call('POST', `/v1/teams/${teamId}/providers`, token, body);
  const openaiProvider = await add(t.world.ada.token, t.world.red, {
    name: 'Red OpenAI',
    kind: 'openai-compatible',
    baseUrl: llm.openaiBaseUrl,
    models: ['gpt-4o-mini'],
    prices: { 'gpt-4o-mini': { input: 100, output: 400 } },
    apiKey: TEAM_KEY,
  });
  const anthropicProvider = await add(t.world.ada.token, t.world.red, {
    name: 'Red Claude',
    kind: 'anthropic',
    baseUrl: llm.anthropicBaseUrl,
    models: ['claude-sonnet-4-5'],
    prices: { 'claude-sonnet-4-5': { input: 300, output: 1500, cachedInput: 30 } },
    apiKey: TEAM_KEY,
  });
  if (openaiProvider.status !== 201 || anthropicProvider.status !== 201)
    throw new Error(`providers not added: ${JSON.stringify([openaiProvider.json, anthropicProvider.json])}`);
  return {
    t,
    llm,
    lines,
    add,
    openaiProvider: openaiProvider.json,
    anthropicProvider: anthropicProvider.json,
    proxyOpenAI: `${t.server.url}/v1/proxy/openai`,
    proxyAnthropic: `${t.server.url}/v1/proxy/anthropic`,
    async close() {
      await t.server.close();
      await llm.close();
    },
  };
}
