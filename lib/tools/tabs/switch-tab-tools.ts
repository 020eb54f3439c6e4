/** switch_tab and close_tab: which of its tabs the run acts on, and closing the tabs it opened (only those). */
import { z } from 'zod';
import { defineTool, type Tool } from '../define-tool';
import { ToolError } from '../tool-error';
import { describeTab } from './describe-tab';
import type { RunTabAccess } from './run-tab-access';

const tabId = z.number().int().nonnegative().describe('Tab id.');

export function createSwitchTabTools(access: RunTabAccess): Tool[] {
  const { browser, store } = access;
  return [
    defineTool({
      name: 'switch_tab',
      input: z.object({ tabId }),
      runsIn: 'page',
      readOnly: true,
      // Switching needs a second tab the run may use (one it opened or the user mentioned).
      offered: async (ctx) => (await access.usableTabs(ctx)).length > 1,
      untrustedOutput: 'page_content',
      async execute(input, ctx) {
        const used = await access.useTab(ctx, input.tabId);
        if ('refusal' in used) throw new ToolError(used.refusal);
        await store.update(ctx.runId, (s) => ({ ...s, current: input.tabId }));
        return `The run now acts on ${describeTab(used.tab)}. Call get_page_state before acting on it.`;
      },
    }),
    defineTool({
      name: 'close_tab',
      input: z.object({ tabId }),
      runsIn: 'page',
      readOnly: false,
      // Only the tabs the run opened may be closed: offered once there is one.
      offered: async (ctx) => (await store.get(ctx.runId)).opened.length > 0,
      async execute(input, ctx) {
        const { opened } = await store.get(ctx.runId);
        if (!opened.includes(input.tabId)) {
          throw new ToolError(
            `Refused: tab ${input.tabId} was not opened by this run, so it stays open. Only tabs the run opened can be closed (${opened.length ? `tabs ${opened.join(', ')}` : 'it opened none'}).`,
          );
        }
        // Gone already (the user closed it): the run forgets it all the same.
        if (await browser.get(input.tabId)) await browser.remove(input.tabId);
        const s = await store.update(ctx.runId, ({ current, ...x }) => ({
          ...x,
          opened: x.opened.filter((id) => id !== input.tabId),
          ...(current === undefined || current === input.tabId ? {} : { current }),
        }));
        const now = s.current ?? ctx.tabId;
        return `Closed tab ${input.tabId}.${now === undefined ? ' The run has no tab to act on now.' : ` The run now acts on tab ${now}.`}`;
      },
    }),
  ] as Tool[];
}
