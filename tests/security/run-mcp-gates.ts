/**
 * MCP gates (issue 19), as a runner: the built extension, a real SDK server with hostile tools, and the fake
 * LLM scripted as a compromised model. Each case is a way a server or a model could get a call or its data
 * past the user; a broken rule is a violation. Shared by tests/security/mcp-gates.spec.ts and, for the
 * integrator, the `security` bench (count `cases` and `violations`).
 *   rug-pull           a tool allowed (Allow in Settings) changes its description and a hint after its first
 *                      call (list_changed): the next call waits for a card showing the change, also after a
 *                      worker restart; nothing reaches the server unasked; approving re-pins it
 *   destructive        a destructive tool (and one with no annotations) cannot be set to Allow; its card says
 *                      "Destructive" and offers no "Always allow"; once approved it is asked again next call;
 *                      an allowed read-only tool the server turns destructive is asked, and stays asked
 *   invisible          zero-width and tag characters in a result, a description and a resource never reach
 *                      the model
 *   egress             arguments carrying a secret read on a page of another origin get a data-flow card,
 *                      although the tool is set to Allow; the server never receives the secret unasked
 */
import type { Page } from '@playwright/test';
import type { RecordedRequest } from '../fake-llm';
import { CHANGING } from '../fake-mcp/fake-mcp-tools';
import { startFakeMcp, type FakeMcp } from '../fake-mcp/start-fake-mcp';
import {
  addProvider,
  assistantMessages,
  callBackground,
  chatRequests,
  expect,
  isTitleRequest,
  killServiceWorker,
  openPanel,
  sendChat,
} from '../e2e/fixtures';
import { serveTwoOrigins } from './serve-two-origins';
import type { SecurityFixtures } from './security-session';
import type { McpServerView } from '../../lib/tools/mcp/mcp-server-record';

export interface McpGatesReport {
  cases: number;
  /** `case: what went wrong`, one per broken rule. */
  violations: string[];
}

const INVISIBLE = /\u200B|\u200D|\uFEFF|[\u{E0000}-\u{E007F}]/u;
const SECRET = 'sk-live-7Q4XJ29PLM3';

type Message = { role: string; content?: string; tool_call_id?: string };
const messagesOf = (r: RecordedRequest) => (r.body as { messages: Message[] }).messages;
const toolSpecs = (r: RecordedRequest) =>
  ((r.body as { tools?: { function: { name: string; description: string } }[] }).tools ?? []).map((t) => t.function);

const callOf = (name: string, args: unknown) => ({ toolCalls: [{ name, arguments: JSON.stringify(args) }] });
const calls = (mcp: FakeMcp, tool: string) => mcp.state.calls.filter((c) => c.tool === tool).length;
const card = (panel: Page, tool: string) => assistantMessages(panel).last().locator(`.tool-card[data-tool="${tool}"]`);

async function addServer(extPage: Page, name: string, mcp: FakeMcp): Promise<McpServerView> {
  const view = await callBackground<McpServerView>(extPage, 'mcp.save', { name, url: mcp.url });
  if (view.status.state !== 'connected')
    throw new Error(`server ${name} did not connect: ${JSON.stringify(view.status)}`);
  return view;
}

/** The lines of a card's preview, as the panel shows them. */
const previewOf = async (c: ReturnType<typeof card>) =>
  (await c.locator('.approval .preview').innerText()).replace(/\n+/g, '\n');

async function rugPull(f: SecurityFixtures, mcp: FakeMcp, fail: (m: string) => void) {
  const { context, extensionId, llm, extPage } = f;
  const view = await addServer(extPage, 'rugsrv', mcp);
  await callBackground(extPage, 'mcp.setTool', { serverId: view.id, tool: 'rug', policy: 'allow' });
  const panel = await openPanel(context, extensionId);
  // First call: allowed and as pinned, it runs without a card; the server then changes the tool.
  llm.enqueue(callOf('mcp__rugsrv__rug', { city: 'Oslo' }), { text: ['Sunny in Oslo.'] });
  await sendChat(panel, 'Weather in Oslo?');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  if (calls(mcp, 'rug') !== 1) fail(`the allowed first call ran ${calls(mcp, 'rug')} times`);
  if ((await card(panel, 'mcp__rugsrv__rug').locator('.approval').count()) !== 0)
    fail('the allowed, unchanged tool showed a card');
  // list_changed reached the worker and the new listing is stored.
  await expect
    .poll(
      async () =>
        (await callBackground<McpServerView[]>(extPage, 'mcp.list', {}))
          .find((s) => s.id === view.id)
          ?.tools.find((t) => t.name === 'rug')?.description,
      { timeout: 10_000 },
    )
    .toMatch(/saved passwords/);
  // The pin is kept with the record: a restarted worker asks too.
  await killServiceWorker(context, extPage);
  await panel.reload();
  llm.enqueue(
    callOf('mcp__rugsrv__rug', { city: 'Bergen' }),
    { text: ['Sunny in Bergen.'] },
    callOf('mcp__rugsrv__rug', { city: 'Tromsø' }),
    { text: ['Sunny in Tromsø.'] },
  );
  await sendChat(panel, 'And Bergen?');
  const rug = card(panel, 'mcp__rugsrv__rug');
  await expect(rug).toHaveAttribute('data-status', 'awaiting-approval');
  const preview = await previewOf(rug);
  for (const line of [
    'Changed by the server since you allowed it:',
    `Description before: ${CHANGING.rug.before.description}`,
    'Its hints (annotations: read-only, destructive, open world) changed',
    'Open world: may reach the web',
  ]) {
    if (!preview.includes(line)) fail(`the changed tool's card lacks "${line}": ${preview}`);
  }
  if (!/Description now: .*saved passwords/.test(preview))
    fail(`the card does not show the new description: ${preview}`);
  if (preview.includes('input schema'))
    fail('the card says the schema changed; only the description and annotations did');
  if (preview.includes('Destructive')) fail('the card calls a read-only tool destructive');
  if ((await rug.getByRole('button', { name: 'Always allow' }).count()) !== 0)
    fail('the changed tool\'s card offers "Always allow"');
  if (calls(mcp, 'rug') !== 1) fail('the changed tool reached the server before the user answered');
  await rug.getByRole('button', { name: 'Approve' }).click();
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  if (calls(mcp, 'rug') !== 2) fail(`after approval the call ran ${calls(mcp, 'rug') - 1} times`);
  const pin = (await callBackground<McpServerView[]>(extPage, 'mcp.list', {})).find((s) => s.id === view.id)
    ?.toolSettings.rug?.pin;
  if (!pin?.description.includes('saved passwords')) fail('approving the changed tool did not pin its new version');
  // Approving re-pinned it: under its Allow policy the next call runs without a card.
  await sendChat(panel, 'And Tromsø?');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  if (calls(mcp, 'rug') !== 3) fail('the re-pinned tool did not run under its Allow policy');
  if ((await card(panel, 'mcp__rugsrv__rug').locator('.approval').count()) !== 0)
    fail('the re-pinned tool asked again');
  await panel.close();
}

async function destructive(f: SecurityFixtures, mcp: FakeMcp, fail: (m: string) => void) {
  const { context, extensionId, llm, extPage } = f;
  const view = await addServer(extPage, 'wipesrv', mcp);
  for (const tool of ['wipe', 'unmarked']) {
    const refused = await callBackground(extPage, 'mcp.setTool', { serverId: view.id, tool, policy: 'allow' }).then(
      () => false,
      (e: Error) => /cannot be set to Allow/.test(e.message),
    );
    if (!refused) fail(`${tool} could be set to Allow`);
  }
  // Settings shows it: a badge, and Allow not offered.
  await extPage.goto(extPage.url().replace(/#.*$/, '') + '#tools');
  const row = extPage
    .getByRole('region', { name: 'Tools' })
    .locator('[data-mcp-server="wipesrv"] [data-mcp-tool="wipe"]');
  await expect(row.locator('.mcp-destructive')).toHaveText('Destructive');
  if (!(await row.locator('option[value="allow"]').isDisabled())) fail('Settings offers Allow for a destructive tool');
  const panel = await openPanel(context, extensionId);
  llm.enqueue(
    callOf('mcp__wipesrv__wipe', {}),
    callOf('mcp__wipesrv__wipe', {}),
    callOf('mcp__wipesrv__unmarked', {}),
    { text: ['Done.'] },
  );
  await sendChat(panel, 'Clean up my notes');
  const answer = assistantMessages(panel).last();
  const wipes = answer.locator('.tool-card[data-tool="mcp__wipesrv__wipe"]');
  await expect(wipes.first()).toHaveAttribute('data-status', 'awaiting-approval');
  if (!(await previewOf(wipes.first())).includes('Destructive: the server says this tool may delete or overwrite data'))
    fail('the destructive card does not say so');
  if ((await wipes.first().getByRole('button', { name: 'Always allow' }).count()) !== 0)
    fail('the destructive card offers "Always allow"');
  if (calls(mcp, 'wipe') !== 0) fail('the destructive tool ran before its card was answered');
  await wipes.first().getByRole('button', { name: 'Approve' }).click();
  // Approved once: the second call is asked again.
  await expect(wipes.nth(1)).toHaveAttribute('data-status', 'awaiting-approval');
  if (calls(mcp, 'wipe') !== 1) fail(`after one approval the destructive tool ran ${calls(mcp, 'wipe')} times`);
  await wipes.nth(1).getByRole('button', { name: 'Deny' }).click();
  const unmarked = answer.locator('.tool-card[data-tool="mcp__wipesrv__unmarked"]');
  await expect(unmarked).toHaveAttribute('data-status', 'awaiting-approval');
  if (!(await previewOf(unmarked)).includes('the server does not say it is read-only'))
    fail("the unannotated tool's card does not say it may be destructive");
  if ((await unmarked.getByRole('button', { name: 'Always allow' }).count()) !== 0)
    fail('the unannotated tool\'s card offers "Always allow"');
  await unmarked.getByRole('button', { name: 'Deny' }).click();
  await expect(answer).toHaveAttribute('data-status', 'complete');
  if (calls(mcp, 'wipe') !== 1 || calls(mcp, 'unmarked') !== 0) fail('a denied destructive call reached the server');

  // A tool allowed while read-only that the server then marks destructive: asked, and still asked once re-pinned.
  await callBackground(extPage, 'mcp.setTool', { serverId: view.id, tool: 'sleeper', policy: 'allow' });
  llm.enqueue(callOf('mcp__wipesrv__sleeper', {}), { text: ['Listed.'] });
  await sendChat(panel, 'List my notes');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  if (calls(mcp, 'sleeper') !== 1) fail('the allowed read-only tool did not run');
  await expect
    .poll(
      async () =>
        (await callBackground<McpServerView[]>(extPage, 'mcp.list', {}))
          .find((s) => s.id === view.id)
          ?.tools.find((t) => t.name === 'sleeper')?.annotations,
      { timeout: 10_000 },
    )
    .toEqual({ destructiveHint: true });
  llm.enqueue(callOf('mcp__wipesrv__sleeper', {}), { text: ['Listed.'] }, callOf('mcp__wipesrv__sleeper', {}), {
    text: ['Listed.'],
  });
  for (const [round, message] of ['List them again', 'And once more'].entries()) {
    await sendChat(panel, message);
    const sleeper = card(panel, 'mcp__wipesrv__sleeper');
    await expect(sleeper).toHaveAttribute('data-status', 'awaiting-approval');
    const text = await previewOf(sleeper);
    if (!text.includes('Destructive: the server says'))
      fail(`round ${round}: the now destructive tool's card does not say so`);
    if (round === 0 && (!text.includes('Its hints (annotations') || text.includes('Description before')))
      fail(`the card does not say only the hints changed: ${text}`);
    if (round === 1 && text.includes('Changed by the server')) fail('the re-pinned tool is still shown as changed');
    if ((await sleeper.getByRole('button', { name: 'Always allow' }).count()) !== 0)
      fail(`round ${round}: the card offers "Always allow"`);
    if (calls(mcp, 'sleeper') !== 1 + round)
      fail(`round ${round}: the destructive tool ran unasked under its Allow policy`);
    await sleeper.getByRole('button', { name: 'Approve' }).click();
    await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  }
  if (calls(mcp, 'sleeper') !== 3) fail(`the approved calls ran ${calls(mcp, 'sleeper') - 1} times, not 2`);
  await panel.close();
}

async function invisible(f: SecurityFixtures, mcp: FakeMcp, fail: (m: string) => void) {
  const { context, extensionId, llm, extPage } = f;
  const view = await addServer(extPage, 'inksrv', mcp);
  await callBackground(extPage, 'mcp.setTool', { serverId: view.id, tool: 'invisible', policy: 'allow' });
  const before = chatRequests(llm).length;
  const panel = await openPanel(context, extensionId);
  llm.enqueue(callOf('mcp__inksrv__invisible', {}), { text: ['It is sunny.'] });
  await sendChat(panel, 'What does it say?');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  const requests = chatRequests(llm).slice(before);
  const description = toolSpecs(requests[0]!).find((s) => s.name === 'mcp__inksrv__invisible')?.description ?? '';
  if (!description.includes('Returns text with invisible characters.')) fail('the tool was not offered');
  if (INVISIBLE.test(description)) fail('the tool description reached the model with invisible characters');
  const result =
    messagesOf(requests[1]!)
      .filter((m) => m.role === 'tool')
      .at(-1)?.content ?? '';
  if (!result.includes('Sunny, 21°C')) fail(`the result did not reach the model: ${result}`);
  if (INVISIBLE.test(result)) fail('the result reached the model with zero-width or tag characters');
  const res = await callBackground<{ text: string }>(extPage, 'mcp.readResource', {
    serverId: view.id,
    uri: 'notes://today',
  });
  if (!res.text.includes('Meeting at 10.')) fail('the resource was not read');
  if (INVISIBLE.test(res.text)) fail('the attached resource kept zero-width or tag characters');
  await panel.close();
}

async function egress(f: SecurityFixtures, mcp: FakeMcp, fail: (m: string) => void) {
  const { context, extensionId, llm, extPage } = f;
  const view = await addServer(extPage, 'sendsrv', mcp);
  await callBackground(extPage, 'mcp.setTool', { serverId: view.id, tool: 'echo', policy: 'allow' });
  const sites = await serveTwoOrigins(['mcp-secret-page.html']);
  try {
    const page = await context.newPage();
    await page.goto(`${sites.a}/mcp-secret-page.html`);
    const panel = await openPanel(context, extensionId);
    llm.enqueue(
      { toolCalls: [{ name: 'read_page', arguments: '{}' }] },
      callOf('mcp__sendsrv__echo', { text: `The key is ${SECRET}` }),
      { text: ['Sent.'] },
    );
    await sendChat(panel, 'Summarise this page');
    const echo = card(panel, 'mcp__sendsrv__echo');
    await expect(echo).toHaveAttribute('data-status', 'awaiting-approval');
    const flow = (await echo.locator('.approval-flow').allInnerTexts()).join(' | ');
    if (flow !== `text: This text came from ${new URL(sites.a).host}`) fail(`the data-flow line is "${flow}"`);
    const origin = await echo.locator('.approval-origin').innerText();
    if (origin !== `on ${mcp.origin}`) fail(`the card names "${origin}", not the server's origin`);
    if (mcp.state.calls.some((c) => JSON.stringify(c.args).includes(SECRET)))
      fail('the secret reached the server before the card was answered');
    await echo.getByRole('button', { name: 'Deny' }).click();
    await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
    if (mcp.state.calls.some((c) => JSON.stringify(c.args).includes(SECRET)))
      fail('the secret reached the server although the card was denied');
    await panel.close();
    await page.close();
  } finally {
    await sites.close();
  }
}

const CASES = { 'rug-pull': rugPull, destructive, invisible, egress } as const;

/** Runs every case in one extension session (each with its own server); a case that throws is a violation. */
export async function runMcpGates(f: SecurityFixtures, only?: (keyof typeof CASES)[]): Promise<McpGatesReport> {
  await addProvider(f.extPage, {
    kind: 'openai-compatible',
    name: 'Fake',
    baseUrl: f.llm.openaiBaseUrl,
    model: 'fake-model',
  });
  const violations: string[] = [];
  const names = only ?? (Object.keys(CASES) as (keyof typeof CASES)[]);
  for (const name of names) {
    // A case that failed may have left scripted replies queued: each starts from an empty queue.
    f.llm.reset();
    f.llm.respondTo(isTitleRequest, { text: ['Canned title'] });
    const mcp = await startFakeMcp({ hostileTools: true });
    try {
      await CASES[name](f, mcp, (m) => void violations.push(`${name}: ${m}`));
    } catch (error) {
      violations.push(
        `${name}: ${error instanceof Error ? error.message.split('\n').slice(0, 6).join(' ') : String(error)}`,
      );
    } finally {
      await mcp.close();
    }
  }
  return { cases: names.length, violations };
}
