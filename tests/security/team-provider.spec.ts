/**
 * A team's provider from the extension's side (issue 27, "Platform providers"), against a real team server whose
 * admin added a provider with the team's key. What the extension holds of it is a view pointing at the server's
 * pass-through and the member's own token, in the background only:
 * - the team's key reaches no extension page, and the member's token is not in the providers a page can list;
 * - a page cannot re-point the team's provider (saving it is refused, deleting it removes nothing), so a run still goes to the
 *   team server and from there to the provider the admin set, with the team's key;
 * - a member whose budget is used up gets the budget's message and no request reaches the provider.
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
} from '../e2e/fixtures';

const TEAM_KEY = 'sk-team-Red-security-0123456789abcdef';

test('the team key stays on the server, a page cannot re-point the team provider, and a used-up budget sends nothing', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  test.setTimeout(150_000);
  const { server, world, call } = await startTestServer(
    { TEAM_SERVER_SECRET: 'security-secret-of-the-team-server-0123456789' },
    { embedder: fakeEmbedder() },
  );
  try {
    const added = await call('POST', `/v1/teams/${world.red}/providers`, world.ada.token, {
      name: 'Red OpenAI',
      kind: 'openai-compatible',
      baseUrl: llm.openaiBaseUrl,
      models: ['team-model'],
      apiKey: TEAM_KEY,
    });
    expect(added.status).toBe(201);
    llm.models = ['own-model'];
    await addProvider(extPage, {
      kind: 'openai-compatible',
      name: 'Own fake',
      baseUrl: llm.openaiBaseUrl,
      model: 'own-model',
    });
    await callBackground(extPage, 'team.setUrl', { url: server.url });
    await callBackground(extPage, 'team.signIn', { token: world.bob.token });

    // What a page of the extension can list: the team's provider by name and models, never its key or the token.
    const groups = (await callBackground(extPage, 'models.list', {})) as { providerId: string; providerName: string }[];
    const team = groups.find((g) => g.providerName === 'Team: Red OpenAI');
    expect(team, JSON.stringify(groups)).toBeTruthy();
    const own = (await callBackground(extPage, 'providers.list', {})) as { id: string }[];
    for (const listedJson of [JSON.stringify(groups), JSON.stringify(own)]) {
      expect(listedJson).not.toContain(TEAM_KEY);
      expect(listedJson).not.toContain(world.bob.token);
    }

    // A page re-pointing it at another address is refused; deleting it does nothing; it is as it was.
    const send = (name: string, data: unknown) =>
      extPage.evaluate(async ([n, d]) => chrome.runtime.sendMessage({ tabwise: 'background', name: n, data: d }), [
        name,
        data,
      ] as const);
    const evil = 'http://127.0.0.1:9/v1';
    expect(
      await send('providers.save', {
        id: team!.providerId,
        kind: 'openai-compatible',
        name: 'Mine now',
        baseUrl: evil,
        model: 'team-model',
        apiKey: 'sk-x',
      }),
    ).toMatchObject({ ok: false });
    // Deleting it from Settings' own list finds nothing there to delete: the team's provider stays.
    await send('providers.delete', { id: team!.providerId });
    const again = (await callBackground(extPage, 'models.list', {})) as { providerId: string; providerName: string }[];
    expect(again.find((g) => g.providerId === team!.providerId)?.providerName).toBe('Team: Red OpenAI');
    expect(JSON.stringify(await callBackground(extPage, 'providers.list', {}))).not.toContain(evil);

    // A run on it still goes to the team server, and from there to the provider with the team's key.
    llm.respondTo((r) => (r.body as { model?: string } | undefined)?.model === 'team-model', {
      text: ['From the team.'],
    });
    const panel = await openPanel(context, extensionId);
    const picker = panel.getByRole('combobox', { name: 'Model for this conversation' });
    const option = picker.locator('optgroup[label="Team: Red OpenAI"] option', { hasText: 'team-model' });
    await picker.selectOption((await option.getAttribute('value'))!);
    await sendChat(panel, 'Who answers?');
    await expect(assistantMessages(panel).last()).toContainText('From the team.');
    const upstream = () => chatRequests(llm).filter((r) => (r.body as { model?: string }).model === 'team-model');
    expect(upstream().at(-1)!.headers.authorization).toBe(`Bearer ${TEAM_KEY}`);
    expect(await panel.content()).not.toContain(TEAM_KEY);

    // The member's budget used up: the run ends with the budget's message and the provider hears nothing more.
    const budget = await call('PUT', `/v1/teams/${world.red}/budgets/${world.bob.userId}`, world.ada.token, {
      monthlyLimit: 0,
    });
    expect(budget.status).toBe(204);
    const before = upstream().length;
    await panel.getByRole('button', { name: 'New' }).click();
    await picker.selectOption((await option.getAttribute('value'))!);
    await sendChat(panel, 'One more?');
    const refused = assistantMessages(panel).last();
    await expect(refused).toHaveAttribute('data-status', 'error', { timeout: 30_000 });
    await expect(refused).toContainText('budget');
    expect(upstream().length).toBe(before);
  } finally {
    await server.close();
  }
});
