/**
 * The page agents' requests to interact (WebMCP requestUserInteraction), served in the worker: from our content
 * scripts only, validated, and answered only for the running call they belong to (page-tool-asks.ts). Also the
 * tab focus a Continue asks for.
 */
import { selfOf } from '../messaging/sender-is';
import { serve } from '../messaging/serve';
import { toolAskProtocol } from '../page/tool-ask-protocol';
import { toolAskValidators, type PageToolAsks } from '../tools/page/page-tool-asks';

export function serveToolAsks(asks: PageToolAsks): void {
  serve(
    toolAskProtocol,
    {
      validators: toolAskValidators,
      handlers: { ask: (input, { sender }) => asks.handle(input, sender as chrome.runtime.MessageSender) },
      from: 'content-script',
      self: selfOf(chrome.runtime),
    },
    chrome.runtime.onMessage,
  );
}

/** Brings tab `tabId` forward in its window, and the window to the front. */
export async function focusTab(tabId: number): Promise<void> {
  const tab = await chrome.tabs.update(tabId, { active: true });
  if (tab?.windowId !== undefined) await chrome.windows.update(tab.windowId, { focused: true });
}
