/**
 * A team's provider end to end (issue 27): the built extension signed in to a real team server (embedded Postgres
 * over the wire) whose admin added a provider with the team's key. The model switcher offers "Team: <name>", and the
 * answer comes from the fake LLM through the server's pass-through: the request reaches the fake with the team's
 * key (never the member's token), the member's usage is metered on the server, and the key is nowhere in the page.
 */
import { fakeEmbedder, startTestServer } from '../team-server/test-server';
import {
  addProvider,
  assistantMessages,
  callBackground,
  chatRequests,
  expect,
  openPanel,
  sendChat,
  test,
} from './fixtures';

const TEAM_KEY = 'sk-team-Red-e2e-0123456789abcdef';

test('signed in to a team with a provider, the switcher offers "Team: …" and the answer comes through the pass-through', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  test.setTimeout(120_000);
  const { server, world, call } = await startTestServer(
    { TEAM_SERVER_SECRET: 'e2e-secret-of-the-team-server-0123456789' },
    { embedder: fakeEmbedder() },
  );
  try {
    llm.models = ['own-model'];
    const added = await call('POST', `/v1/teams/${world.red}/providers`, world.ada.token, {
      name: 'Red OpenAI',
      kind: 'openai-compatible',
      baseUrl: llm.openaiBaseUrl,
      models: ['team-model'],
      apiKey: TEAM_KEY,
    });
    expect(added.status).toBe(201);
    await addProvider(extPage, {
      kind: 'openai-compatible',
      name: 'Own fake',
      baseUrl: llm.openaiBaseUrl,
      model: 'own-model',
    });
    await callBackground(extPage, 'team.setUrl', { url: server.url });
    await callBackground(extPage, 'team.signIn', { token: world.bob.token });

    llm.respondTo((r) => (r.body as { model?: string } | undefined)?.model === 'team-model', {
      text: ['Answered ', 'by the team.'],
      usage: { inputTokens: 30, outputTokens: 4 },
    });
    const panel = await openPanel(context, extensionId);
    const picker = panel.getByRole('combobox', { name: 'Model for this conversation' });
    const team = picker.locator('optgroup[label="Team: Red OpenAI"] option', { hasText: 'team-model' });
    await expect(team).toHaveCount(1);
    await picker.selectOption((await team.getAttribute('value'))!);
    await sendChat(panel, 'Who answers?');
    const answer = assistantMessages(panel).last();
    await expect(answer).toHaveAttribute('data-status', 'complete');
    await expect(answer).toContainText('Answered by the team.');
    await expect(answer.locator('.meta')).toContainText('Team: Red OpenAI · team-model');

    const upstream = chatRequests(llm).filter((r) => (r.body as { model?: string }).model === 'team-model');
    expect(upstream.length).toBeGreaterThanOrEqual(1);
    expect(upstream.at(-1)!.headers.authorization).toBe(`Bearer ${TEAM_KEY}`);
    expect(JSON.stringify(upstream.map((r) => r.headers))).not.toContain(world.bob.token);
    await expect
      .poll(async () => (await call('GET', '/v1/me/usage', world.bob.token)).json[0]?.requests, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(1);
    expect(await panel.content()).not.toContain(TEAM_KEY);
    expect(await panel.content()).not.toContain(world.bob.token);
  } finally {
    await server.close();
  }
});
