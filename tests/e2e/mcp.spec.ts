/**
 * MCP servers end to end through the built extension: Settings → Tools against a real SDK server on
 * 127.0.0.1, policies at run time (Ask shows the card, Allow runs, Deny never reaches the server), every
 * fault a clear tool error with the run going on, list_changed, and a worker killed mid-call.
 */
import type { Page } from '@playwright/test';
import type { FakeLlm, RecordedRequest } from '../fake-llm';
import { startFakeMcp, type FakeMcp } from '../fake-mcp/start-fake-mcp';
import { unwrapUntrusted } from '../security/untrusted-block';
import {
  addFakeProvider,
  assistantMessages,
  callBackground,
  chatRequests,
  composerText,
  expect,
  killServiceWorker,
  openPanel,
  sendChat,
  test,
} from './fixtures';
import type { McpServerView } from '../../lib/tools/mcp/mcp-server-record';
import { axeFindings, isSerious } from '../harness/ui-views';

type OpenAIMessage = { role: string; content: string | null; tool_call_id?: string };
const toolResults = (r: RecordedRequest) =>
  (r.body as { messages: OpenAIMessage[] }).messages.filter((m) => m.role === 'tool');
const toolNames = (r: RecordedRequest) =>
  ((r.body as { tools?: { function: { name: string } }[] }).tools ?? []).map((t) => t.function.name);

let mcp: FakeMcp;
test.beforeEach(async () => {
  mcp = await startFakeMcp({ token: 'tok-e2e-9d1f' });
});
test.afterEach(async () => {
  await mcp.close();
});

async function setupProvider(page: Page, llm: FakeLlm) {
  await addFakeProvider(page, llm);
}

/** Adds the server through the API the settings form uses, and sets policies. */
async function addServer(
  page: Page,
  policies: Record<string, 'ask' | 'allow' | 'deny'> = {},
  extra: Record<string, unknown> = {},
): Promise<McpServerView> {
  const view = await callBackground<McpServerView>(page, 'mcp.save', {
    name: 'fake',
    url: mcp.url,
    bearerToken: 'tok-e2e-9d1f',
    ...extra,
  });
  expect(view.status.state).toBe('connected');
  for (const [tool, policy] of Object.entries(policies))
    await callBackground(page, 'mcp.setTool', { serverId: view.id, tool, policy });
  return view;
}

test('Settings → Tools: add a server with a token, see its tools and a skipped one, set policies, remove it', async ({
  extPage,
}) => {
  await extPage.goto(extPage.url().replace(/#.*$/, '') + '#tools');
  const section = extPage.getByRole('region', { name: 'Tools' });
  const form = section.getByRole('form', { name: 'Add MCP server' });
  await form.getByLabel('Server name').fill('fake');
  await form.getByLabel('Server URL').fill(mcp.url);
  await form.getByRole('button', { name: 'Add server' }).click();
  const row = section.locator('[data-mcp-server="fake"]');
  await expect(row.getByTestId('mcp-status')).toHaveText(
    /^Auth failed: the server refused the credentials \(HTTP 401\)/,
  );

  await row.getByRole('button', { name: 'Edit fake' }).click();
  const edit = section.getByRole('form', { name: 'Edit MCP server' });
  await edit.getByLabel('Bearer token').fill('tok-e2e-9d1f');
  await edit.getByRole('button', { name: 'Save and connect' }).click();
  await expect(row.getByTestId('mcp-status')).toHaveText(/^Connected \(Streamable HTTP\), 1[0-9] tools$/);
  await expect(row).toContainText('Authorization: •••• set');
  expect(mcp.authorizations).toContain('Bearer tok-e2e-9d1f');

  const tools = row.getByRole('table', { name: 'Tools of fake' });
  await expect(tools.locator('[data-mcp-tool="echo"]')).toContainText('Echoes the text back.');
  await expect(tools.locator('[data-mcp-tool="big_schema"]')).toContainText(
    /Not offered: its input schema is too large/,
  );
  await expect(tools.getByLabel('Policy for echo')).toHaveValue('ask');
  await tools.getByLabel('Policy for echo').selectOption('allow');
  await tools.getByLabel('Enable add').uncheck();
  await expect(row).toContainText('Resources: notes');
  await expect(row).toContainText('Prompts: summarise');

  // The section with a server, its tools table and status passes axe (WCAG 2.1 A/AA) like every other view.
  expect((await axeFindings(extPage, 'settings-tools', 'light')).filter(isSerious)).toEqual([]);

  // The stored state says what the form set; the token is in none of what the page can read.
  const [view] = await callBackground<McpServerView[]>(extPage, 'mcp.list', {});
  expect(view!.toolSettings).toMatchObject({
    echo: { enabled: true, policy: 'allow' },
    add: { enabled: false, policy: 'ask' },
  });
  expect(JSON.stringify(view)).not.toContain('tok-e2e-9d1f');
  const stored = await extPage.evaluate(async () =>
    JSON.stringify([await chrome.storage.local.get(null), await chrome.storage.session.get(null)]),
  );
  expect(stored).not.toContain('tok-e2e-9d1f');

  await row.getByRole('button', { name: 'Remove server fake' }).click();
  await expect(section.locator('[data-mcp-server]')).toHaveCount(0);
  expect(await callBackground<McpServerView[]>(extPage, 'mcp.list', {})).toEqual([]);
});

test('a run calls MCP tools: Ask shows the approval card, Allow runs without one, Deny never reaches the server', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await setupProvider(extPage, llm);
  await addServer(extPage, { add: 'allow', fail: 'deny' });
  llm.enqueue(
    { toolCalls: [{ id: 'e', name: 'mcp__fake__echo', arguments: '{"text":"hello"}' }] },
    { toolCalls: [{ id: 'a', name: 'mcp__fake__add', arguments: '{"a":2,"b":40}' }] },
    { toolCalls: [{ id: 'f', name: 'mcp__fake__fail', arguments: '{}' }] },
    { text: ['All three done.'] },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Use the fake server');
  const answer = assistantMessages(panel).last();
  const echo = answer.locator('.tool-card[data-tool="mcp__fake__echo"]');
  await expect(echo).toHaveAttribute('data-status', 'awaiting-approval');
  await expect(echo.locator('.preview')).toContainText('echo on MCP server "fake"');
  await expect(echo.locator('.preview')).toContainText('text: hello');
  await echo.getByRole('button', { name: 'Approve' }).click();
  await expect(answer).toHaveAttribute('data-status', 'complete');
  await expect(answer.locator('.tool-card[data-tool="mcp__fake__add"] .decision')).toHaveCount(0);

  const requests = chatRequests(llm);
  expect(toolNames(requests[0]!)).toEqual(
    expect.arrayContaining(['mcp__fake__echo', 'mcp__fake__add', 'mcp__fake__fail', 'fetch_url']),
  );
  expect(toolNames(requests[0]!)).not.toContain('mcp__fake__big_schema');
  const [echoResult] = toolResults(requests[1]!);
  expect(echoResult!.content).toMatch(/^<untrusted_page_content boundary="[0-9a-f]{32}" source="mcp__fake__echo">/);
  expect(unwrapUntrusted(echoResult!.content!)).toBe('echo: hello');
  expect(unwrapUntrusted(toolResults(requests[2]!).at(-1)!.content!)).toBe('42');
  expect(toolResults(requests[3]!).at(-1)!.content).toMatch(/set this tool to "Deny"/);
  expect(mcp.state.calls.map((c) => c.tool)).toEqual(['echo', 'add']);
});

test('each fault ends in a clear tool error and the run completes; list_changed brings a new tool', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await setupProvider(extPage, llm);
  const down = await startFakeMcp();
  const downView = await callBackground<McpServerView>(extPage, 'mcp.save', { name: 'down', url: down.url });
  await callBackground(extPage, 'mcp.setTool', { serverId: downView.id, tool: 'echo', policy: 'allow' });
  await down.close();
  await addServer(
    extPage,
    {
      fail: 'allow',
      slow: 'allow',
      malformed: 'allow',
      bad_result: 'allow',
      huge: 'allow',
      flip: 'allow',
      echo: 'allow',
    },
    { timeoutMs: 2_000 },
  );
  llm.enqueue(
    {
      toolCalls: [
        { id: 'fail', name: 'mcp__fake__fail', arguments: '{}' },
        { id: 'slow', name: 'mcp__fake__slow', arguments: '{}' },
        { id: 'malformed', name: 'mcp__fake__malformed', arguments: '{}' },
        { id: 'bad', name: 'mcp__fake__bad_result', arguments: '{}' },
        { id: 'huge', name: 'mcp__fake__huge', arguments: '{}' },
        { id: 'down', name: 'mcp__down__echo', arguments: '{"text":"x"}' },
      ],
    },
    { toolCalls: [{ id: 'flip', name: 'mcp__fake__flip', arguments: '{}' }] },
    { text: ['Survived.'] },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Try everything');
  const answer = assistantMessages(panel).last();
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
  await expect(answer.locator('.markdown').last()).toHaveText('Survived.');
  const results = Object.fromEntries(toolResults(chatRequests(llm)[1]!).map((r) => [r.tool_call_id, r.content!]));
  expect(results.fail).toMatch(/^Error: the MCP tool "fail" \(MCP server "fake"\) reported a failure/);
  expect(results.fail).toMatch(
    /<untrusted_page_content boundary="[0-9a-f]{32}" source="mcp__fake__fail">\nthe widget is broken\n/,
  );
  expect(results.slow).toMatch(/^Error: the MCP server "fake" did not answer within 2 s/);
  expect(results.malformed).toMatch(
    /^Error: the MCP server "fake" answered with something that is not a valid MCP result/,
  );
  expect(results.bad).toMatch(/^Error: the MCP server "fake" answered with something that is not a valid MCP result/);
  expect(results.down).toMatch(/^Error: the MCP server "down" is unreachable/);
  expect(results.huge!.length).toBeLessThan(21_000);
  expect(results.huge).toMatch(/\[result cut: 500,000 characters, only the first 20,000 shown\]/);
  for (const id of ['fail', 'slow', 'malformed', 'bad', 'down'])
    await expect(
      answer.locator(`.tool-card[data-tool$="__${id === 'bad' ? 'bad_result' : id === 'down' ? 'echo' : id}"]`).first(),
    ).toHaveAttribute('data-status', 'error');

  // flip changed the server's list (notifications/tools/list_changed): Settings shows the new tool without a
  // reload, and the next request offers it; flipping back takes it away again.
  await extPage.goto(extPage.url().replace(/#.*$/, '') + '#tools');
  const row = extPage.locator('[data-mcp-server="fake"]');
  await expect(row.locator('[data-mcp-tool="fresh_tool"]')).toHaveCount(1);
  llm.enqueue({ toolCalls: [{ id: 'flip2', name: 'mcp__fake__flip', arguments: '{}' }] }, { text: ['Flipped back.'] });
  await sendChat(panel, 'Flip again');
  await expect(assistantMessages(panel)).toHaveCount(2);
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  await expect(assistantMessages(panel).last()).toContainText('Flipped back.');
  expect(toolNames(chatRequests(llm)[3]!)).toContain('mcp__fake__fresh_tool');
  await expect(row.locator('[data-mcp-tool="fresh_tool"]')).toHaveCount(0);
});

test('the worker killed during an MCP call: on resume the call is a tool error, not a hang, and the run completes', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await setupProvider(extPage, llm);
  await addServer(extPage, { slow: 'allow' });
  llm.enqueue(
    { toolCalls: [{ id: 's', name: 'mcp__fake__slow', arguments: '{"ms":60000}' }] },
    { text: ['Recovered.'] },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Run the slow one');
  const card = assistantMessages(panel).last().locator('.tool-card[data-tool="mcp__fake__slow"]');
  await expect(card).toHaveAttribute('data-status', 'running');
  await killServiceWorker(context, panel);
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
  expect(toolResults(chatRequests(llm)[1]!)[0]!.content).toMatch(/^Error: outcome unknown/);
});

test('the composer attaches an MCP resource: its text goes into the message as a marked data block', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await setupProvider(extPage, llm);
  await addServer(extPage);
  llm.enqueue({ text: ['Your meeting is at 10.'] });
  const panel = await openPanel(context, extensionId);
  await panel.getByRole('textbox', { name: 'Message' }).fill('When is my meeting?');
  await panel.getByLabel('Attach an MCP resource').click();
  await panel
    .getByRole('list', { name: 'MCP resources' })
    .getByRole('button', { name: /notes \(fake\)/ })
    .click();
  const draft = () => composerText(panel.getByRole('textbox', { name: 'Message' }));
  await expect
    .poll(draft)
    .toMatch(
      /^Attached resource notes:\/\/today from the MCP server "fake":\n<untrusted_page_content boundary="[0-9a-f]{32}" source="mcp_resource">\nMeeting at 10\./,
    );
  expect(await draft()).toMatch(/When is my meeting\?$/);
  await panel.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  const user = JSON.stringify((chatRequests(llm)[0]!.body as { messages: unknown[] }).messages.at(-1));
  expect(user).toContain('Meeting at 10.');
  expect(user).toContain('When is my meeting?');
});

test('an SSE-only server connects through the fallback inside the extension, and its tools run', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  const sse = await startFakeMcp({ sse: true });
  try {
    await setupProvider(extPage, llm);
    const view = await callBackground<McpServerView>(extPage, 'mcp.save', { name: 'legacy', url: sse.url });
    expect(view.status).toMatchObject({ state: 'connected', transport: 'sse' });
    await callBackground(extPage, 'mcp.setTool', { serverId: view.id, tool: 'add', policy: 'allow' });
    llm.enqueue(
      { toolCalls: [{ id: 'a', name: 'mcp__legacy__add', arguments: '{"a":20,"b":22}' }] },
      { text: ['42 it is.'] },
    );
    const panel = await openPanel(context, extensionId);
    await sendChat(panel, 'Add them');
    await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
    expect(unwrapUntrusted(toolResults(chatRequests(llm)[1]!)[0]!.content!)).toBe('42');
    expect(sse.requests.some((r) => r.startsWith('POST /messages'))).toBe(true);
  } finally {
    await sse.close();
  }
});
