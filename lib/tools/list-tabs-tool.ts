import { z } from 'zod';
import { defineTool, type Tool } from './define-tool';

export interface TabInfo {
  id?: number;
  title: string;
  url: string;
  active: boolean;
}

/** Lists the current window's tabs; injected so the tool never touches chrome.* itself. */
export type ListTabs = (signal: AbortSignal) => Promise<TabInfo[]>;

/** list_tabs: ids, titles and URLs of the tabs in the user's current window (the id is what switch_tab, read_page
 * and get_page_state take). */
export function createListTabsTool(listTabs: ListTabs): Tool {
  return defineTool({
    name: 'list_tabs',
    untrustedOutput: 'page_content',
    input: z.object({}),
    readOnly: true,
    // With one page open the model already has it (the message's page block): listing tabs needs two.
    offered: async (ctx) => (await listTabs(ctx.signal)).filter((t) => /^(https?|file):/.test(t.url)).length > 1,
    async execute(_input, ctx) {
      const tabs = await listTabs(ctx.signal);
      if (tabs.length === 0) return 'No tabs are open in this window.';
      return tabs
        .map(
          (t) =>
            `${t.active ? '* ' : '- '}${t.id === undefined ? '' : `[tab ${t.id}] `}${t.title || '(untitled)'} <${t.url}>`,
        )
        .join('\n');
    },
  }) as Tool;
}
