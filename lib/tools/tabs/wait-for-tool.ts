/**
 * wait_for: one condition, a timeout, and a clear answer either way. Text and network idle are watched in
 * the page (a MutationObserver; fetch/XHR counted for 500 ms of quiet), a URL through the tab's own
 * updates, and a ref by re-reading the page's interactive snapshot until the element is listed and enabled.
 */
import { z } from 'zod';
import { defineTool, type Tool, type ToolContext } from '../define-tool';
import { ToolError } from '../tool-error';
import type { RunTabAccess } from './run-tab-access';

export const WAIT_LIMITS = { defaultMs: 5000, minMs: 100, maxMs: 30_000, quietMs: 500, pollMs: 250 } as const;

const waitForInput = z
  .object({
    text: z.string().min(1).max(500).optional().describe('Text that appears.'),
    ref: z.string().min(1).max(200).optional().describe('Element listed and enabled.'),
    url: z.string().min(1).max(4000).optional().describe('Part of the loaded address.'),
    network_idle: z.literal(true).optional().describe('No request for 500 ms.'),
    timeout_ms: z
      .number()
      .int()
      .min(WAIT_LIMITS.minMs)
      .max(WAIT_LIMITS.maxMs)
      .optional()
      .describe(`Default ${WAIT_LIMITS.defaultMs}.`),
  })
  .refine((i) => [i.text, i.ref, i.url, i.network_idle].filter((c) => c !== undefined).length === 1, {
    message: 'Give exactly one of text, ref, url or network_idle.',
  });

/** Lists the refs (and whether each is disabled) the run's tab shows now; get_page_state's, injected. */
export type ReadRefs = (ctx: ToolContext) => Promise<Array<{ ref: string; disabled?: boolean }>>;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        resolve();
      },
      { once: true },
    );
  });

export function createWaitForTool(access: RunTabAccess, readRefs: ReadRefs): Tool {
  const { browser } = access;
  const pollRef = async (ref: string, ms: number, ctx: ToolContext) => {
    const until = ctx.now() + ms;
    for (;;) {
      const el = (await readRefs(ctx)).find((e) => e.ref === ref);
      if (el && !el.disabled) return true;
      if (ctx.now() >= until || ctx.signal.aborted) return false;
      await sleep(Math.min(WAIT_LIMITS.pollMs, Math.max(0, until - ctx.now())), ctx.signal);
    }
  };
  return defineTool({
    name: 'wait_for',
    input: waitForInput,
    runsIn: 'page',
    readOnly: true,
    offered: (ctx) => access.currentTabScriptable(ctx),
    untrustedOutput: 'page_content',
    // Longer than the longest wait it accepts, so its own timeout answer is the one the model reads.
    timeoutMs: WAIT_LIMITS.maxMs + 5000,
    async execute(input, ctx) {
      const ms = input.timeout_ms ?? WAIT_LIMITS.defaultMs;
      const id = await access.currentTab(ctx);
      const tab = id === undefined ? undefined : await browser.get(id);
      if (!tab) throw new ToolError('wait_for failed: the run has no open tab to watch.');
      const started = ctx.now();
      let what: string;
      let met: boolean;
      try {
        if (input.url !== undefined) {
          what = `the tab to be on an address containing "${input.url}"`;
          met = (await browser.waitForUrl(tab.id, (u) => u.includes(input.url!), ms, ctx.signal)) !== undefined;
        } else if (input.text !== undefined) {
          what = `the text "${input.text}" to appear`;
          met = await browser.waitInPage(tab.id, { kind: 'text', text: input.text }, ms);
        } else if (input.ref !== undefined) {
          what = `element ${input.ref} to be listed and enabled`;
          // The run's get_page_state aims itself at the current tab (and its top frame when that is not the start tab).
          met = await pollRef(input.ref, ms, ctx);
        } else {
          what = 'the network to be idle';
          met = await browser.waitInPage(tab.id, { kind: 'network_idle', quietMs: WAIT_LIMITS.quietMs }, ms);
        }
      } catch (error) {
        if (error instanceof ToolError) throw error;
        throw new ToolError(
          `wait_for stopped: the page in tab ${tab.id} navigated or closed while waiting (${error instanceof Error ? error.message : String(error)}).`,
        );
      }
      const after = await browser.get(tab.id);
      const where = `tab ${tab.id} <${after?.url ?? tab.url}>`;
      if (!met) throw new ToolError(`wait_for timed out after ${ms} ms waiting for ${what} in ${where}.`);
      return `Done after ${ctx.now() - started} ms: waited for ${what} in ${where}.`;
    },
  }) as Tool;
}
