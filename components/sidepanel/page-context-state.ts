/**
 * The page the side panel is attached to: the page in front in the panel's window, and the text selected in
 * it. Shown as chips the user can remove; only what the chips show is sent with a message. A page Tabwise may
 * not read (Chrome's own pages, the Web Store, extensions' pages) attaches nothing: the panel says so and why,
 * and another tab is named only when the user chooses it.
 */
import { signal } from '@preact/signals';
import type { PanelPageContext } from '../../lib/background/panel-port';
import { unreadableReason, type UnreadableReason } from '../../lib/page/page-access';

interface AttachedTab {
  tabId: number;
  url: string;
  title: string;
}

/** The page in front that cannot be read, why, and the readable page the user could choose instead. */
export interface UnreadablePage {
  url: string;
  reason: UnreadableReason;
  /** The most recently used page of the window that can be read, offered (never attached) instead. */
  instead?: AttachedTab;
}

const isWebPage = (url: string | undefined): url is string => !!url && unreadableReason(url) === undefined;
const attached = (t: chrome.tabs.Tab): AttachedTab => ({ tabId: t.id!, url: t.url!, title: t.title ?? t.url! });

/**
 * The tab in front of the panel's window: the active one, or, when the panel itself is that tab (opened as a
 * page rather than in the side panel), the one used last before it.
 */
async function frontTab(tabs: chrome.tabs.Tab[]): Promise<chrome.tabs.Tab | undefined> {
  const self = await chrome.tabs.getCurrent().catch(() => undefined);
  return tabs
    .filter((t) => t.id !== undefined && t.id !== self?.id)
    .sort((a, b) => Number(b.active) - Number(a.active) || (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0))[0];
}

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
  /** Set while the page in front cannot be read (and the user has not said to go on without it). */
  const unreadable = signal<UnreadablePage | null>(null);
  /** The tab the user chose while the page in front could not be read; dropped when a readable page comes to the front. */
  let chosen: AttachedTab | null = null;
  /** The unreadable page the user said to work without: not asked about again while it stays in front. */
  let without: string | null = null;

  async function refresh() {
    const win = await chrome.windows.getCurrent();
    const tabs = await chrome.tabs.query({ windowId: win.id });
    const front = await frontTab(tabs);
    const reason = front ? unreadableReason(front.url) : undefined;
    let next: AttachedTab | null = null;
    if (front && !reason) {
      chosen = null;
      without = null;
      unreadable.value = null;
      next = attached(front);
    } else if (front) {
      // Only the user's choice names another tab: nothing is attached behind their back.
      const url = front.url ?? '';
      const lastReadable = tabs
        .filter((t) => isWebPage(t.url) && t.id !== undefined && t.id !== front.id)
        .sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0))[0];
      const stillOpen = chosen && tabs.some((t) => t.id === chosen!.tabId) ? chosen : null;
      chosen = stillOpen;
      next = stillOpen;
      unreadable.value =
        stillOpen || without === url
          ? null
          : { url, reason: reason!, ...(lastReadable ? { instead: attached(lastReadable) } : {}) };
    } else unreadable.value = null;
    if (next?.tabId !== tab.value?.tabId || next?.url !== tab.value?.url) {
      // A different page: its chips start shown again.
      includePage.value = true;
      includeSelection.value = true;
    }
    tab.value = next;
    selection.value = next ? await readSelection(next.tabId) : '';
  }

  const refreshQuietly = () => void refresh().catch((e: unknown) => console.warn('page context', e));

  return {
    tab,
    selection,
    includePage,
    includeSelection,
    unreadable,
    /** Reads the tab in front again now (a task's start page has just opened). */
    refresh: () => refresh(),
    /** The user chose to attach this tab although another (unreadable) page is in front. */
    choose(instead: AttachedTab) {
      chosen = instead;
      unreadable.value = null;
      includePage.value = true;
      includeSelection.value = true;
      tab.value = instead;
      void readSelection(instead.tabId).then((text) => (selection.value = text));
    },
    /** The user goes on without the page in front: nothing is attached, and the notice goes. */
    workWithout() {
      without = unreadable.value?.url ?? null;
      unreadable.value = null;
    },
    start() {
      refreshQuietly();
      chrome.tabs.onActivated.addListener(refreshQuietly);
      chrome.tabs.onUpdated.addListener((_id, change) => {
        if (change.url || change.title || change.status === 'complete') refreshQuietly();
      });
      addEventListener('focus', refreshQuietly);
    },
    /**
     * What goes with a message: exactly the chips the user left in place, as shown, at once (the message does
     * not wait on Chrome's tab APIs; the worker reads the tab's address and title again when the turn starts,
     * lib/background/create-run-settings.ts). The chips are read again afterwards for the next message.
     */
    forSend(): PanelPageContext | undefined {
      const t = tab.value;
      const selectedText = includeSelection.value && selection.value ? selection.value : undefined;
      refreshQuietly();
      if (!t || !includePage.value) return undefined;
      return { url: t.url, title: t.title, tabId: t.tabId, ...(selectedText ? { selectedText } : {}) };
    },
  };
}

export type PageContextState = ReturnType<typeof createPageContextState>;
