/** The TabBrowser over chrome.tabs, chrome.tabGroups and chrome.scripting. */
import { stayedInPage, waitForNetworkIdleInPage, waitForTextInPage } from '../../page/wait-in-page';
import type { BrowserTab, TabBrowser } from './tab-browser';

const toTab = (t: chrome.tabs.Tab): BrowserTab => ({
  id: t.id ?? -1,
  url: t.url ?? t.pendingUrl ?? '',
  title: t.title ?? '',
  windowId: t.windowId,
  ...(t.status === 'loading' ? { loading: true } : {}),
});

/** Resolves once `tabId` reports a complete load whose URL `matches`, or undefined at the timeout or abort. */
function waitForUrl(
  tabId: number,
  matches: (url: string) => boolean,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<string | undefined> {
  return new Promise((resolve) => {
    const finish = (url: string | undefined) => {
      chrome.tabs.onUpdated.removeListener(onUpdated);
      chrome.tabs.onRemoved.removeListener(onRemoved);
      signal.removeEventListener('abort', onAbort);
      clearTimeout(timer);
      resolve(url);
    };
    const onUpdated = (id: number, _change: chrome.tabs.OnUpdatedInfo, tab: chrome.tabs.Tab) => {
      if (id === tabId && tab.status === 'complete' && tab.url && matches(tab.url)) finish(tab.url);
    };
    const onRemoved = (id: number) => {
      if (id === tabId) finish(undefined);
    };
    const onAbort = () => finish(undefined);
    const timer = setTimeout(() => finish(undefined), timeoutMs);
    chrome.tabs.onUpdated.addListener(onUpdated);
    chrome.tabs.onRemoved.addListener(onRemoved);
    signal.addEventListener('abort', onAbort, { once: true });
    // The tab may already be there: the listener only hears later changes.
    chrome.tabs.get(tabId).then(
      (tab) => {
        if (tab.status === 'complete' && tab.url && matches(tab.url)) finish(tab.url);
      },
      () => finish(undefined),
    );
  });
}

/** A meta refresh longer than this is the page's own business, not a hop of the navigation. */
const REFRESH_UP_TO_MS = 2_000;

export const chromeTabBrowser: TabBrowser = {
  get: (tabId) => chrome.tabs.get(tabId).then(toTab, () => undefined),
  create: async ({ url, active, windowId }) =>
    toTab(await chrome.tabs.create({ url, active, ...(windowId === undefined ? {} : { windowId }) })),
  navigate: async (tabId, url) => {
    await chrome.tabs.update(tabId, { url });
  },
  goBack: (tabId) => chrome.tabs.goBack(tabId),
  remove: (tabId) => chrome.tabs.remove(tabId),
  async group(tabId, groupId, title) {
    if (groupId !== undefined) {
      // A group the user dissolved is gone; the run then starts a new one.
      const exists = await chrome.tabGroups.get(groupId).then(
        () => true,
        () => false,
      );
      if (exists) return chrome.tabs.group({ groupId, tabIds: [tabId] });
    }
    const created = await chrome.tabs.group({ tabIds: [tabId] });
    await chrome.tabGroups.update(created, { title, collapsed: false });
    return created;
  },
  waitForUrl,
  async leftAfterLoad(tabId, loadedUrl, quietMs) {
    const stayed = await chrome.scripting
      .executeScript({ target: { tabId }, func: stayedInPage, args: [quietMs, REFRESH_UP_TO_MS] })
      .then(([r]) => r?.result === true)
      // The frame went while the script waited (the page navigated), or the page cannot be scripted at all.
      .catch(() => undefined);
    const tab = await chrome.tabs.get(tabId).catch(() => undefined);
    if (!tab) return false;
    return tab.status === 'loading' || tab.url !== loadedUrl || stayed === false;
  },
  async waitInPage(tabId, wait, timeoutMs) {
    const [result] =
      wait.kind === 'text'
        ? await chrome.scripting.executeScript({
            target: { tabId },
            func: waitForTextInPage,
            args: [wait.text, timeoutMs],
          })
        : // Requests are counted where the page makes them: the main world.
          await chrome.scripting.executeScript({
            target: { tabId },
            world: 'MAIN',
            func: waitForNetworkIdleInPage,
            args: [wait.quietMs, timeoutMs],
          });
    return result?.result === true;
  },
};
