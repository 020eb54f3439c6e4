/** switch_tab and close_tab: which of its tabs the run acts on, and closing the tabs it opened (only those). */
import { z } from 'zod';
import { defineTool, type Tool } from '../define-tool';
import { ToolError } from '../tool-error';
import { describeTab } from './describe-tab';
import type { RunTabAccess } from './run-tab-access';

const tabId = z
  .number()
  .int()
  .nonnegative()
  .describe('The tab id (from list_tabs, open_tab or the tabs the user mentioned).');

export function createSwitchTabTools(access: RunTabAccess): Tool[] {
  const { browser, store } = access;
  return [
    defineTool({
      name: 'switch_tab',
      input: z.object({ tabId }),
      runsIn: 'page',
      readOnly: true,
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
