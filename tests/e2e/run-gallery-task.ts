/**
 * Runs one gallery task end to end through the built extension: the fake LLM answers every request with
 * the task's oracle (fed only the instruction and the tool results in the request), the side panel shows
 * the run, and every approval card is approved as a user would click it. Shared by the gallery spec and
 * the `tasks` bench.
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { FakeLlm, FakeReply, RecordedRequest } from '../fake-llm';
import type { GalleryTask, OracleStep } from '../fixtures/tasks/gallery-task';
import { unwrapUntrusted } from '../security/untrusted-block';
import { addProvider, assistantMessages, openPanel, sendChat } from '../harness/extension-helpers';
import { isTitleRequest } from './fixtures';

interface WireMessage {
  role: string;
  content?: unknown;
  tool_call_id?: string;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
}

/** The instruction and the tool steps an OpenAI-format request carries, as the model would read them. */
export function stepsOf(req: RecordedRequest): { instruction: string; steps: OracleStep[] } {
  const messages = (req.body as { messages?: WireMessage[] }).messages ?? [];
  const users = messages.filter((m) => m.role === 'user');
  const instruction = String(users.at(-1)?.content ?? '');
  const results = new Map(
    messages
      .filter((m) => m.role === 'tool')
      .map((m) => [m.tool_call_id, typeof m.content === 'string' ? m.content : JSON.stringify(m.content)]),
  );
  const steps = messages
    .flatMap((m) => m.tool_calls ?? [])
    .map((c) => ({
      tool: c.function.name,
      args: JSON.parse(c.function.arguments || '{}') as Record<string, unknown>,
      result: unwrapUntrusted(results.get(c.id) ?? ''),
    }));
  return { instruction, steps };
}

export function oracleReply(task: GalleryTask): (req: RecordedRequest) => FakeReply {
  return (req) => {
    const { instruction, steps } = stepsOf(req);
    const move = task.oracle(instruction, steps);
    if ('answer' in move) return { text: [move.answer] };
    return { toolCalls: move.calls.map((c) => ({ name: c.tool, arguments: JSON.stringify(c.args) })) };
  };
}

/**
 * What the user does on a hand-over card: types the task's secret into a password card (the one whose
 * question names it, else the first) and sends it; presses Continue on an ask_user card. True if it acted.
 */
async function handOver(panel: Page, task: GalleryTask): Promise<boolean> {
  const password = panel.locator('.tool-card .handover-password').first();
  if (await password.isVisible().catch(() => false)) {
    const asked =
      (await panel
        .locator('.tool-card[data-tool="fill_password"] .approval .preview')
        .last()
        .innerText()
        .catch(() => '')) ?? '';
    const secrets = Object.entries(task.userSecrets ?? {});
    const secret = (secrets.find(([name]) => asked.includes(name)) ?? secrets[0])?.[1];
    if (secret === undefined)
      throw new Error(`task ${task.id}: a password card asked, and the task has no userSecrets`);
    // The card may take a decision already sent between the look and the typing: then there is nothing to type into.
    if (
      !(await password
        .locator('input[type="password"]')
        .fill(secret, { timeout: 2_000 })
        .then(
          () => true,
          () => false,
        ))
    )
      return true;
    await password
      .getByRole('button', { name: 'Fill password' })
      .click({ timeout: 2_000 })
      .catch(() => undefined);
    // Until the card takes the decision it still shows the (emptied) field: the next look must not answer it twice.
    await password.waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => undefined);
    return true;
  }
  const next = panel.locator('.tool-card .handover-ask').getByRole('button', { name: 'Continue', exact: true }).first();
  if (!(await next.isVisible().catch(() => false))) return false;
  await next.click({ timeout: 2_000 }).catch(() => undefined);
  await next.waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => undefined);
  return true;
}

export interface TaskOutcome {
  ok: true | string;
  toolCalls: number;
  /** Model calls the run made (one per step). */
  steps: number;
  /** The run paused at the step limit ("Continue for N more steps?"); the runner answered Stop here. */
  hitStepLimit: boolean;
  page: Page;
}

/** The extension pages whose browser already has the oracle's provider (a browser may run many tasks). */
const withProvider = new WeakSet<Page>();

/** Runs `task` on a fresh tab of `context`; the provider is added once per extension page. */
export async function runGalleryTask(
  task: GalleryTask,
  env: { context: BrowserContext; extensionId: string; llm: FakeLlm; extPage: Page; pagesUrl: string },
  timeoutMs = 40_000,
): Promise<TaskOutcome> {
  const { context, extensionId, llm, extPage } = env;
  if (!withProvider.has(extPage)) {
    await addProvider(extPage, {
      kind: 'openai-compatible',
      name: 'Oracle',
      baseUrl: llm.openaiBaseUrl,
      model: 'fake-model',
    });
    llm.respondTo(isTitleRequest, { text: ['Task'] });
    withProvider.add(extPage);
  }
  llm.setFallback(oracleReply(task));
  const page = await context.newPage();
  await page.goto(new URL(task.page, env.pagesUrl).href);
  // The page is the one the user looks at when they open the panel (in a browser that ran other tasks, a tab
  // Chrome brought to the front when the last task's tab closed would otherwise count as used later).
  await page.bringToFront();
  const panel = await openPanel(context, extensionId);
  // A new conversation, as a user starts a new task (the panel reopens on the last one in a browser that ran others).
  await panel.getByRole('button', { name: 'New', exact: true }).click();
  const before = llm.requests.length;
  await sendChat(panel, task.instruction);
  const deadline = Date.now() + timeoutMs;
  let hitStepLimit = false;
  for (;;) {
    const status = await assistantMessages(panel)
      .last()
      .getAttribute('data-status')
      .catch(() => null);
    if (status === 'complete' || status === 'error' || status === 'stopped') break;
    if (Date.now() > deadline) {
      const shown = await assistantMessages(panel)
        .last()
        .innerText()
        .catch(() => '(no answer)');
      throw new Error(`task ${task.id}: the run did not finish within ${timeoutMs} ms; the panel shows:\n${shown}`);
    }
    if (await handOver(panel, task)) continue;
    // A task that needs more steps than the user's limit: counted, and stopped there (never continued for it).
    const stopHere = panel.locator('.step-pause').getByRole('button', { name: 'Stop here' }).first();
    if (await stopHere.isVisible().catch(() => false)) {
      hitStepLimit = true;
      await stopHere.click().catch(() => undefined);
      continue;
    }
    const approve = panel.getByRole('button', { name: 'Approve', exact: true }).first();
    if (await approve.isVisible().catch(() => false)) await approve.click().catch(() => undefined);
    else await panel.waitForTimeout(50);
  }
  const last = llm.requests
    .slice(before)
    .filter((r) => !isTitleRequest(r) && r.method === 'POST')
    .at(-1);
  const toolCalls = last ? stepsOf(last).steps.length : 0;
  const steps = llm.requests.slice(before).filter((r) => !isTitleRequest(r) && r.method === 'POST').length;
  await panel.close();
  const checked = await task.check(page);
  const ok = hitStepLimit && checked === true ? 'the run hit the step limit' : checked;
  return { ok, toolCalls, steps, hitStepLimit, page };
}
