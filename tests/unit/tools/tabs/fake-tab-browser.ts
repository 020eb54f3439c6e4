import type { BrowserTab, PageWait, TabBrowser } from '../../../../lib/tools/tabs/tab-browser';

/** A TabBrowser over a map of tabs that records what was done; navigation completes at once. */
export function createFakeTabBrowser(tabs: BrowserTab[]) {
  const open = new Map(tabs.map((t) => [t.id, { ...t }]));
  const history = new Map<number, string[]>();
  const groups = new Map<number, { title: string; tabIds: number[] }>();
  let nextId = 100;
  let nextGroup = 1;
  const waits: Array<{ tabId: number; wait: PageWait; timeoutMs: number }> = [];
  let pageAnswers = (_w: PageWait) => true;
  /** What the page does right after its load while it is watched: true when it left (a hop). */
  let afterLoad: (tabId: number) => Promise<boolean> = async () => false;
  const browser: TabBrowser = {
    get: async (id) => (open.has(id) ? { ...open.get(id)! } : undefined),
    async create({ url, windowId }) {
      const tab = { id: nextId++, url, title: `Title of ${url}`, windowId: windowId ?? 1 };
      open.set(tab.id, tab);
      return { ...tab };
    },
    async navigate(id, url) {
      const tab = open.get(id)!;
      history.set(id, [...(history.get(id) ?? []), tab.url]);
      Object.assign(tab, { url, title: `Title of ${url}` });
    },
    async goBack(id) {
      const back = history.get(id)?.pop();
      if (!back) throw new Error('Cannot find a next page in history.');
      Object.assign(open.get(id)!, { url: back, title: `Title of ${back}` });
    },
    async remove(id) {
      open.delete(id);
    },
    async group(tabId, groupId, title) {
      const id = groupId !== undefined && groups.has(groupId) ? groupId : nextGroup++;
      const g = groups.get(id) ?? { title, tabIds: [] };
      g.tabIds.push(tabId);
      groups.set(id, g);
      return id;
    },
    async waitForUrl(tabId, matches) {
      const url = open.get(tabId)?.url;
      return url && matches(url) ? url : undefined;
    },
    leftAfterLoad: (tabId) => afterLoad(tabId),
    async waitInPage(tabId, wait, timeoutMs) {
      waits.push({ tabId, wait, timeoutMs });
      return pageAnswers(wait);
    },
  };
  return {
    browser,
    open,
    groups,
    waits,
    answerPageWaits: (f: (w: PageWait) => boolean) => {
      pageAnswers = f;
    },
    onceLoaded: (f: (tabId: number) => Promise<boolean>) => {
      afterLoad = f;
    },
  };
}
