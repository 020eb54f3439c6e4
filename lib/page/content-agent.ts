import { createPageAgent } from './page-agent';
import { loadedPageReader } from './page-reader';

/** What the content script's lifetime offers: WXT's ContentScriptContext fits (a newer copy invalidates this one). */
export interface AgentLifetime {
  onInvalidated(cb: () => void): unknown;
}

/**
 * Starts this frame's page agent: answers page commands from the extension's own background, and from
 * nothing else. Each document gets its own id, so the background can tell when the page navigated.
 */
export function startPageAgent(lifetime?: AgentLifetime): void {
  const agent = createPageAgent({ doc: document, docId: newDocumentId(), reader: loadedPageReader });
  const extensionOrigin = chrome.runtime.getURL('');
  const listener = (raw: unknown, sender: chrome.runtime.MessageSender, sendResponse: (reply: unknown) => void): boolean => {
    // Only the background (no tab, our id, our origin) may command the page; other frames and pages cannot.
    if (sender.id !== chrome.runtime.id || sender.tab || (sender.url && !sender.url.startsWith(extensionOrigin))) return false;
    const reply = agent.handle(raw);
    if (reply === undefined) return false;
    sendResponse(reply);
    return false;
  };
  chrome.runtime.onMessage.addListener(listener);
  // A re-injected copy (after an update, or by the background) takes over; this one must stop answering.
  lifetime?.onInvalidated(() => chrome.runtime.onMessage.removeListener(listener));
}

/** crypto.randomUUID exists only in secure contexts, and plain-http pages need an id too. */
function newDocumentId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
