/**
 * The MCP part of the `connected` bench (tests/bench/connected.ts imports measureMcp): a real SDK server on
 * 127.0.0.1 added to the built extension, then
 *   mcp_tools            tools the extension offers from it (tools with a bad schema are not counted),
 *   mcp_call_p50_ms      median time a tool call takes in the worker minus the server's own handling time
 *                        of that call (30 sequential `echo` calls after 5 warm-ups; target ≤ 20 ms),
 *   mcp_faults_survived  fault cases (tool error, timeout, broken JSON, invalid result, huge result, server
 *                        down, worker killed mid-call) that ended in a clear tool result with the run going on.
 * Run alone: npm run bench -- connected-mcp
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import type { Page, Worker } from '@playwright/test';
import { startFakeLlm, type RecordedRequest } from '../fake-llm';
import { startFakeMcp } from '../fake-mcp/start-fake-mcp';
import { extensionDir, launchExtension } from '../harness/launch-extension';
import {
  assistantMessages,
  callBackground,
  killServiceWorker,
  openPanel,
  sendChat,
} from '../harness/extension-helpers';
import { isTitleRequest } from '../e2e/fixtures';
import type { McpServerView } from '../../lib/tools/mcp/mcp-server-record';

const CALLS = 30;
const WARMUP = 5;

type ToolMessage = { role: string; content: string | null; tool_call_id?: string };
const toolResults = (r: RecordedRequest) =>
  (r.body as { messages: ToolMessage[] }).messages.filter((m) => m.role === 'tool');
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** What each fault's tool result must say for the case to count as survived. */
const FAULTS: { id: string; tool: string; args?: string; expect: RegExp }[] = [
  {
    id: 'fail',
    tool: 'mcp__fake__fail',
    expect: /^Error: the MCP tool "fail" \(MCP server "fake"\) reported a failure/,
  },
  { id: 'slow', tool: 'mcp__fake__slow', expect: /^Error: the MCP server "fake" did not answer within 2 s/ },
  {
    id: 'malformed',
    tool: 'mcp__fake__malformed',
    expect: /^Error: the MCP server "fake" answered with something that is not a valid MCP result/,
  },
  {
    id: 'bad',
    tool: 'mcp__fake__bad_result',
    expect: /^Error: the MCP server "fake" answered with something that is not a valid MCP result/,
  },
  { id: 'huge', tool: 'mcp__fake__huge', expect: /\[result cut: 500,000 characters, only the first 20,000 shown\]/ },
  { id: 'down', tool: 'mcp__down__echo', args: '{"text":"x"}', expect: /^Error: the MCP server "down" is unreachable/ },
];

/** Waits until the panel's last answer is complete (the run went on to its end). */
async function waitComplete(panel: Page): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await assistantMessages(panel).last().getAttribute('data-status')) !== 'complete') {
    if (Date.now() > deadline) throw new Error('the run did not complete');
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function measureMcp(): Promise<{
  mcp_tools: number;
  mcp_call_p50_ms: number;
  mcp_faults_survived: number;
}> {
  if (!existsSync(`${extensionDir}/manifest.json`)) spawnSync('npx', ['wxt', 'build'], { stdio: 'inherit' });
  const llm = await startFakeLlm();
  llm.respondTo(isTitleRequest, { text: ['Canned title'] });
  const mcp = await startFakeMcp();
  const down = await startFakeMcp();
  const launched = await launchExtension();
  // tsx wraps functions in a Node-only `__name` helper; functions evaluated in the browser need it defined.
  const shim = 'globalThis.__name ??= (fn) => fn;';
  await launched.context.addInitScript({ content: shim });
  const worker = (): Worker => launched.context.serviceWorkers()[0]!;
  try {
    await worker().evaluate(shim);
    const page = await launched.context.newPage();
    await page.goto(`chrome-extension://${launched.extensionId}/options.html`);
    await callBackground(page, 'providers.save', {
      kind: 'openai-compatible',
      name: 'Fake',
      baseUrl: llm.openaiBaseUrl,
      model: 'fake-model',
    });
    const view = await callBackground<McpServerView>(page, 'mcp.save', {
      name: 'fake',
      url: mcp.url,
      timeoutMs: 2_000,
    });
    const mcpTools = view.status.state === 'connected' ? view.tools.filter((t) => !t.problem).length : 0;

    const added: number[] = [];
    for (let i = 0; i < WARMUP + CALLS; i++) {
      const before = mcp.postHandlingMs.length;
      const ms = await worker().evaluate(
        async ([id, text]) => {
          const hub = (
            globalThis as unknown as {
              tabwiseMcp: { call(s: string, t: string, a: unknown, sig: AbortSignal): Promise<unknown> };
            }
          ).tabwiseMcp;
          const start = performance.now();
          await hub.call(id, 'echo', { text }, new AbortController().signal);
          return performance.now() - start;
        },
        [view.id, `call ${i}`] as const,
      );
      const server = mcp.postHandlingMs[before];
      if (i >= WARMUP && server !== undefined) added.push(Math.max(0, ms - server));
    }

    const survived = await runFaults(page, launched, mcp.url, down);
    return { mcp_tools: mcpTools, mcp_call_p50_ms: Math.round(median(added) * 10) / 10, mcp_faults_survived: survived };
  } finally {
    await launched.close();
    await Promise.all([llm.close(), mcp.close(), down.close().catch(() => undefined)]);
  }

  async function runFaults(page: Page, l: typeof launched, url: string, downServer: typeof down): Promise<number> {
    const downView = await callBackground<McpServerView>(page, 'mcp.save', { name: 'down', url: downServer.url });
    await callBackground(page, 'mcp.setTool', { serverId: downView.id, tool: 'echo', policy: 'allow' });
    await downServer.close();
    const fake = (await callBackground<McpServerView[]>(page, 'mcp.list', {})).find((s) => s.url === url)!;
    for (const tool of ['fail', 'slow', 'malformed', 'bad_result', 'huge'])
      await callBackground(page, 'mcp.setTool', { serverId: fake.id, tool, policy: 'allow' });
    llm.enqueue(
      { toolCalls: FAULTS.map((f) => ({ id: f.id, name: f.tool, arguments: f.args ?? '{}' })) },
      { text: ['Survived.'] },
    );
    const panel = await openPanel(l.context, l.extensionId);
    await sendChat(panel, 'Try every fault');
    let survived = 0;
    await waitComplete(panel);
    const second = llm.requests.filter((r) => !isTitleRequest(r) && r.method === 'POST')[1];
    if (second) {
      const results = Object.fromEntries(toolResults(second).map((r) => [r.tool_call_id, r.content ?? '']));
      survived += FAULTS.filter((f) => f.expect.test(results[f.id] ?? '')).length;
    }

    // The worker killed while a call is in flight: on resume, a clear "outcome unknown" and the run goes on.
    await callBackground(page, 'mcp.setTool', { serverId: fake.id, tool: 'slow', policy: 'allow' });
    await callBackground(page, 'mcp.save', { id: fake.id, name: 'fake', url, timeoutMs: 60_000 });
    llm.enqueue(
      { toolCalls: [{ id: 'killed', name: 'mcp__fake__slow', arguments: '{"ms":60000}' }] },
      { text: ['Recovered.'] },
    );
    const before = llm.requests.length;
    await sendChat(panel, 'Run the slow one');
    await assistantMessages(panel)
      .last()
      .locator('.tool-card[data-tool="mcp__fake__slow"][data-status="running"]')
      .waitFor({ timeout: 15_000 });
    await killServiceWorker(l.context, panel);
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const after = llm.requests.slice(before).filter((r) => !isTitleRequest(r) && r.method === 'POST');
      const result = after[1] && toolResults(after[1]).find((m) => m.tool_call_id === 'killed');
      if (result) {
        if (/^Error: outcome unknown/.test(result.content ?? '')) survived++;
        break;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    return survived;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await measureMcp();
  console.log(
    `connected-mcp: mcp_tools=${r.mcp_tools} mcp_call_p50_ms=${r.mcp_call_p50_ms} mcp_faults_survived=${r.mcp_faults_survived}`,
  );
}
