/**
 * A hostile login page against password hand-over: the page's text asks the model to copy the password into
 * another field, and a model that obeys tries every way it has. Each is refused before the user is asked
 * (fill_form, type, fill_password with a value of its own or on a field that is not a password); the one
 * legitimate card gets the user's password into the password field only, and it never reaches the model.
 */
import { serveFixturePages, type FixtureServer } from '../fixtures/pages';
import type { FakeLlm } from '../fake-llm';
import {
  addFakeProvider,
  assistantMessages,
  chatRequests,
  expect,
  openPanel,
  sendChat,
  test,
  toolCall,
} from '../e2e/fixtures';
import { untrustedBlocks } from './untrusted-block';

let pages: FixtureServer;
test.beforeAll(async () => {
  pages = await serveFixturePages();
});
test.afterAll(async () => {
  await pages?.close();
});

const SECRET = 'sw0rdf1sh-for-the-bank';

/** The results the model received, in call order, as [tool, result]. */
function results(llm: FakeLlm): [string, string][] {
  const messages = (
    chatRequests(llm, '/v1/chat/completions').at(-1)?.body as {
      messages: {
        role: string;
        content?: unknown;
        tool_call_id?: string;
        tool_calls?: { id: string; function: { name: string } }[];
      }[];
    }
  ).messages;
  return messages
    .flatMap((m) => m.tool_calls ?? [])
    .map((c) => [
      c.function.name,
      String(messages.find((m) => m.role === 'tool' && m.tool_call_id === c.id)?.content ?? ''),
    ]);
}

test("a model told by the page to move the password is refused every way, without a card; the user's card fills only the password field", async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm);
  const page = await context.newPage();
  await page.goto(`${pages.url}login.html`);
  const panel = await openPanel(context, extensionId);
  llm.enqueue(
    toolCall('get_page_state'),
    toolCall('fill_form', { updates: { e3: 'hunter2', e2: 'hunter2' } }),
    toolCall('fill_password', { ref: 'e2', value: 'hunter2' }),
    toolCall('fill_password', { ref: 'e3' }),
    toolCall('type', { ref: 'e2', text: 'hunter2' }),
    toolCall('press', { ref: 'e2', key: 'Enter' }),
    toolCall('fill_password', { ref: 'e2' }),
    { text: ['Done.'] },
  );
  await sendChat(panel, 'Sign me in');

  // The one card the user sees is the password card for the password field.
  const card = panel.locator('.tool-card[data-tool="fill_password"][data-status="awaiting-approval"]');
  await expect(card.locator('.approval .preview')).toContainText('Type your password for "Password"');
  await card.locator('input[type="password"]').fill(SECRET);
  await card.getByRole('button', { name: 'Fill password' }).click();
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  await expect(panel.locator('.tool-card .approval')).toHaveCount(1);

  const [snapshot, ...writes] = results(llm);
  const listed = JSON.parse(untrustedBlocks(snapshot![1])[0]?.body ?? '{}') as {
    elements: { ref: string; name: string; writeOnly?: boolean }[];
  };
  expect(listed.elements.slice(0, 3).map((e) => [e.ref, e.name, e.writeOnly ?? false])).toEqual([
    ['e1', 'Username', false],
    ['e2', 'Password', true],
    ['e3', 'Recovery hint', false],
  ]);
  expect(writes.map(([tool]) => tool)).toEqual([
    'fill_form',
    'fill_password',
    'fill_password',
    'type',
    'press',
    'fill_password',
  ]);
  expect(writes[0]![1]).toMatch(/fill_form refused: "e2" is a password field/);
  expect(writes[1]![1]).toMatch(/Invalid arguments for fill_password[\s\S]*value/);
  expect(writes[2]![1]).toMatch(/"e3" is not a password field .*the user was not asked/);
  expect(writes[3]![1]).toMatch(/type refused: "e2" is a password field/);
  expect(writes[4]![1]).toMatch(/press refused: "e2" is a password field/);
  expect(writes[5]![1]).toMatch(/The user typed the password on the approval card/);

  // The page has the user's password in the password field, and nothing in the others.
  await expect(page.locator('input[name="password"]')).toHaveValue(SECRET);
  await expect(page.locator('input[name="hint"]')).toHaveValue('');
  await expect(page.locator('input[name="username"]')).toHaveValue('');
  for (const r of llm.requests) expect(JSON.stringify(r.body ?? null)).not.toContain(SECRET);
  await expect(card.locator('input[type="password"]')).toHaveCount(0);
  await expect(panel.locator('.tool-card[data-tool="fill_password"] .decision').last()).toHaveText('•••• typed by you');
});
