/**
 * The page the side panel is attached to: the most recently active web page of the panel's window, and the
 * text selected in it. Shown as chips the user can remove; only what the chips show is sent with a message.
 */
import { signal } from '@preact/signals';
import type { PanelPageContext } from '../../lib/background/panel-port';

interface AttachedTab {
  tabId: number;
  url: string;
  title: string;
}

const isWebPage = (url: string | undefined): url is string => !!url && /^(https?|file):/.test(url);

async function readSelection(tabId: number): Promise<string> {
  try {
    const [result] = await chrome.scripting.executeScript({
      target: { tabId },
      func: () => getSelection()?.toString() ?? '',
    });
    return typeof result?.result === 'string' ? result.result.trim().slice(0, 20_000) : '';
  } catch (error) {
    // Pages the extension may not script (the Web Store, PDFs) simply have no selection for us.
    void error;
    return '';
  }
}

export function createPageContextState() {
  const tab = signal<AttachedTab | null>(null);
  const selection = signal('');
  const includePage = signal(true);
  const includeSelection = signal(true);

  async function refresh() {
    const win = await chrome.windows.getCurrent();
    const tabs = await chrome.tabs.query({ windowId: win.id });
    const best = tabs
      .filter((t) => isWebPage(t.url) && t.id !== undefined)
      .sort((a, b) => Number(b.active) - Number(a.active) || (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0))[0];
    const next = best ? { tabId: best.id!, url: best.url!, title: best.title ?? best.url! } : null;
    if (next?.tabId !== tab.value?.tabId || next?.url !== tab.value?.url) {
      // A different page: its chips start shown again.
      includePage.value = true;
      includeSelection.value = true;
    }
    tab.value = next;
    selection.value = next ? await readSelection(next.tabId) : '';
  }

  // The refresh under way, if any: a message sent meanwhile waits for it, and only for it.
  let inflight: Promise<void> | null = null;
  const refreshing = () => {
    const p = refresh().finally(() => {
      if (inflight === p) inflight = null;
    });
    inflight = p;
    return p;
  };
  const refreshQuietly = () => void refreshing().catch((e: unknown) => console.warn('page context', e));

  return {
    tab,
    selection,
    includePage,
    includeSelection,
    start() {
      refreshQuietly();
      chrome.tabs.onActivated.addListener(refreshQuietly);
      chrome.tabs.onUpdated.addListener((_id, change) => {
        if (change.url || change.title || change.status === 'complete') refreshQuietly();
      });
      addEventListener('focus', refreshQuietly);
    },
    /**
     * What goes with a message: exactly the chips the user left in place. The chips follow the tab's events
     * and the panel's focus (text selected in the page is read when the user comes back to type), so a send
     * reads them as they are, waiting only for a refresh already under way (or the first one): injecting
     * into the page again to read its selection cost tens of milliseconds between Enter and the request.
     */
    async forSend(): Promise<PanelPageContext | undefined> {
      if (inflight || !tab.value)
        await (inflight ?? refreshing()).catch((e: unknown) => console.warn('page context', e));
      const t = tab.value;
      if (!t || !includePage.value) return undefined;
      const selectedText = includeSelection.value && selection.value ? selection.value : undefined;
      return { url: t.url, title: t.title, tabId: t.tabId, ...(selectedText ? { selectedText } : {}) };
    },
  };
}

export type PageContextState = ReturnType<typeof createPageContextState>;
