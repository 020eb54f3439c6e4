/**
 * Points the page tools at the run's tab: the one it switched to or opened last (else the one it started
 * on). read_page and get_page_state also take a tabId, to read another tab the run may use (one it opened
 * or one the user @-mentioned) without switching; any other tab is refused before anything is sent.
 * A tool that sets off navigations by design (click, press, submit_form) guards the tab first
 * (run-origin-rules.ts), so a hop it causes to an origin not in the run is stopped; that hop, or one stopped
 * after an earlier call, is what the call then answers. Filling does not guard a tab by itself: the user or
 * the page may still take an unguarded tab elsewhere, as they could before the run.
 */
import { z } from 'zod';
import type { Tool, ToolContext } from '../define-tool';
import { ToolError } from '../tool-error';
import { LOAD_WAIT_MS } from './describe-tab';
import type { RunTabAccess } from './run-tab-access';

/** The page tools that read, and so may be pointed at another of the run's tabs by argument. */
const TAKES_TAB = new Set(['read_page', 'get_page_state']);
/** The page tools whose action is a navigation as often as not: the tab is guarded before they act. */
// call_page_tool submits a form tool's form, or runs page code that may navigate: held like a submit.
const GUARDS_TAB = new Set(['click', 'press', 'submit_form', 'call_page_tool']);

const tabIdArg = z
  .number()
  .int()
  .nonnegative()
  .optional()
  .describe('Another tab the run opened or the user mentioned (default: the current one).');

/** The tool's input with `tabId` added, when its input is an object schema (every page tool's is). */
function withTabArg(input: Tool['input']): Tool['input'] {
  return input instanceof z.ZodObject ? input.extend({ tabId: tabIdArg }) : input;
}

export function withRunTab(tools: Tool[], access: RunTabAccess): Tool[] {
  return tools.map((tool) => {
    const takesTab = TAKES_TAB.has(tool.name);
    /** The context on the tab this call reads or acts on, and the input without the tab argument. */
    const aim = async (input: unknown, ctx: ToolContext): Promise<{ input: unknown; ctx: ToolContext }> => {
      let asked: number | undefined;
      let rest = input;
      if (takesTab && input && typeof input === 'object' && 'tabId' in input) {
        const { tabId, ...others } = input as { tabId?: unknown };
        rest = others;
        if (typeof tabId === 'number') asked = tabId;
      }
      if (asked !== undefined) {
        const used = await access.useTab(ctx, asked);
        if ('refusal' in used) throw new ToolError(used.refusal);
      }
      const tabId = asked ?? (await access.currentTab(ctx));
      if (tabId === ctx.tabId) return { input: rest, ctx };
      // The frame the run started in belongs to its start tab; elsewhere page tools begin at the top frame.
      const { frameId: _frame, ...base } = ctx;
      return { input: rest, ctx: tabId === undefined ? base : { ...base, tabId } };
    };
    const wrapped: Tool = {
      ...tool,
      input: takesTab ? withTabArg(tool.input) : tool.input,
      // Offered while the run's current tab is a page the extension can script (navigate or open_tab first),
      // and the tool's own check (call_page_tool: the page offered tools) holds on that tab.
      offered: async (ctx) => {
        if (!(await access.currentTabScriptable(ctx))) return false;
        if (!tool.offered) return true;
        const tabId = await access.currentTab(ctx);
        const { frameId: _frame, ...base } = ctx;
        return tool.offered(tabId === ctx.tabId ? ctx : { ...base, ...(tabId === undefined ? {} : { tabId }) });
      },
      async execute(input, ctx) {
        const a = await aim(input, ctx);
        const tabId = a.ctx.tabId;
        if (tabId === undefined) return tool.execute(a.input, a.ctx);
        // A hop stopped after the last call (a script's, late): the page is not what the model thinks.
        if (access.hasStoppedHop(tabId)) {
          const stopped = await access.stoppedHop(a.ctx, tabId);
          if (stopped) throw stopped;
        }
        if (!GUARDS_TAB.has(tool.name)) return tool.execute(a.input, a.ctx);
        // The origin the user approved acting on joins the run's (its form may post to itself).
        await access.guardTab(a.ctx, tabId, a.ctx.target?.origin ? [a.ctx.target.origin] : []);
        const since = access.hopClock();
        const stoppedAfter = async () => {
          // The action set off a navigation: its redirects come back while the tab loads, so that is waited for.
          if (!a.ctx.signal.aborted && (await access.browser.get(tabId))?.loading)
            await access.browser.waitForUrl(tabId, () => true, LOAD_WAIT_MS, a.ctx.signal);
          const stopped = await access.stoppedHop(a.ctx, tabId, { since });
          return stopped && new ToolError(`${tool.name} was done. ${stopped.message}`);
        };
        let result: unknown;
        try {
          result = await tool.execute(a.input, a.ctx);
        } catch (error) {
          throw (await stoppedAfter()) ?? error;
        }
        const stopped = await stoppedAfter();
        if (stopped) throw stopped;
        return result;
      },
    };
    if (tool.locate)
      wrapped.locate = async (input, ctx) => {
        const a = await aim(input, ctx);
        return tool.locate!(a.input, a.ctx);
      };
    if (tool.preview)
      wrapped.preview = async (input, ctx) => {
        const a = await aim(input, ctx);
        return tool.preview!(a.input, a.ctx);
      };
    return wrapped;
  });
}
