/**
 * The team's knowledge in an answer, end to end: the built extension signed in to a real team server (embedded
 * Postgres over the wire, the seeded teams) on 127.0.0.1. Remembering is off, so search_history is offered for the
 * team alone; the fake LLM calls it, the team's passage comes back labelled `team: Red` inside the untrusted block,
 * the answer cites it, and the citation opens the server's document view (through the viewer page and the
 * background's view link) at the passage, where the document's markup shows as text and runs nothing.
 */
import { withOwner } from '../../lib/team-server/db/with-caller';
import { fakeEmbedder, startTestServer } from '../team-server/test-server';
import { untrustedBlocks, unwrapUntrusted } from '../security/untrusted-block';
import {
  addFakeProvider,
  assistantMessages,
  callBackground,
  chatRequests,
  expect,
  openPanel,
  sendChat,
  test,
} from './fixtures';

const call = (name: string, args: unknown) => ({ toolCalls: [{ name, arguments: JSON.stringify(args) }] });
const toolResults = (body: unknown) =>
  (body as { messages: { role: string; content: unknown }[] }).messages
    .filter((m) => m.role === 'tool')
    .map((m) => String(m.content));

const PASSAGES = [
  'Holidays are booked in the shared calendar by the first of the month.',
  'The release checklist: freeze the branch, run the ZEPHYRQUILL migrations, then watch the dashboards for an hour. ' +
    '<img src=x onerror="document.title=\'pwned\'"> is how the old wiki broke.',
];

test('a team document found by search_history, cited in the answer, opened in the team document view', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  test.setTimeout(150_000);
  const { server, world, call: api, waitFor } = await startTestServer({}, { embedder: fakeEmbedder() });
  try {
    const up = await api('POST', '/v1/documents', world.ada.token, {
      teamId: world.red,
      title: 'Release runbook',
      passages: PASSAGES,
    });
    await waitFor(world.ada.token, up.json.document.id);
    // What the server will answer the model's query, to write the fake model's citation with.
    const query = 'release checklist ZEPHYRQUILL migrations';
    const found = await api('POST', '/v1/search', world.bob.token, { query, limit: 8 });
    const hit = found.json.results[0];
    expect(hit.citation).toMatchObject({ documentId: up.json.document.id, passage: 1 });
    const cite = `chrome-extension://${extensionId}/viewer.html?team=${hit.documentId}#passage=${hit.citation.passage}.${hit.citation.position}`;

    await callBackground(extPage, 'team.setUrl', { url: server.url });
    await callBackground(extPage, 'team.signIn', { token: world.bob.token });
    await addFakeProvider(extPage, llm);
    llm.enqueue(call('search_history', { query }), {
      text: [`Freeze the branch first, then run the migrations ([Release runbook](${cite})).`],
    });
    const panel = await openPanel(context, extensionId);
    await sendChat(panel, 'What is our release checklist?');
    const answer = assistantMessages(panel).last();
    await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 90_000 });

    // The tool was offered (remembering is off) and its result is one untrusted block with the team's passage.
    const second = chatRequests(llm).at(-1)!.body;
    const raw = toolResults(second).at(-1)!;
    expect(untrustedBlocks(raw)).toHaveLength(1);
    const result = JSON.parse(unwrapUntrusted(raw)) as {
      passages: { source: string; title: string; fragmentUrl: string; text: string }[];
      note?: string;
    };
    expect(result.passages[0]).toMatchObject({ source: 'team: Red', title: 'Release runbook', fragmentUrl: cite });
    expect(result.passages[0]!.text).toContain('ZEPHYRQUILL');
    expect(result.note).toMatch(/turned off/);
    // The card says whose document it is.
    await expect(panel.getByText('From a document of your team Red').first()).toBeVisible();

    const opening = context.waitForEvent('page');
    await answer.getByRole('link', { name: 'Release runbook' }).click();
    const view = await opening;
    await view.waitForURL(new RegExp(`^${server.url}/v1/view/twv_[A-Za-z0-9_-]{43}#cited$`), { timeout: 30_000 });
    const cited = view.locator('section#cited');
    await expect(cited).toContainText('The release checklist: freeze the branch');
    await expect(cited.locator('mark')).toContainText('ZEPHYRQUILL');
    await expect(cited).toBeInViewport();
    // The document's markup is text on the page: no image element, and its handler never ran.
    await expect(cited).toContainText('<img src=x onerror=');
    expect(await view.locator('img').count()).toBe(0);
    expect(await view.title()).toBe('Release runbook');
    await view.close();

    // The link is the server's, on its own origin, and lives five minutes: one row for Bob.
    const rows = await withOwner(server.ctx.db.pool, (tx) =>
      tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM document_views
          WHERE user_id = $1 AND expires_at <= created_at + interval '5 minutes'`,
        [world.bob.userId],
      ),
    );
    expect(rows.rows[0]!.n).toBe(1);
  } finally {
    await server.close();
  }
});

test('Settings → Team keeps a live count of your documents on the server, from its events', async ({ extPage }) => {
  test.setTimeout(120_000);
  const { server, world, call: api } = await startTestServer({}, { embedder: fakeEmbedder() });
  try {
    await callBackground(extPage, 'team.setUrl', { url: server.url });
    await callBackground(extPage, 'team.signIn', { token: world.bob.token });
    await extPage.goto(extPage.url().replace(/#.*$/, '') + '#team');
    const line = extPage.getByRole('region', { name: 'Team' }).getByRole('status', {
      name: 'Your documents on the team server',
    });
    await expect(line).toHaveText('Your documents on the server: 0 indexed, 0 waiting, 0 failed.', { timeout: 30_000 });
    // An upload from elsewhere (a script with Bob's token): the page hears the server's event and counts again.
    const up = await api('POST', '/v1/documents', world.bob.token, {
      teamId: world.red,
      title: 'Notes',
      text: 'Minutes of the Tuesday meeting.',
    });
    expect(up.status).toBe(202);
    await expect(line).toHaveText('Your documents on the server: 1 indexed, 0 waiting, 0 failed.', { timeout: 60_000 });
  } finally {
    await server.close();
  }
});
