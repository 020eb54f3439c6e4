/**
 * The one way the worker opens a tab for a run (a task's start page, a comparison's run, a scheduled run): a new
 * tab, resolved once it has loaded or the wait is over, with what it shows then. A run on a page still loading
 * goes on with it as it is rather than never starting.
 */

/** How long a page may take to load before the run goes on with it still loading. */
export const TAB_LOAD_MS = 20_000;

/** The parts of `chrome.tabs` and `chrome.windows` used here (injected in tests). */
export interface TabOpenerApis {
  tabs: Pick<typeof chrome.tabs, 'create' | 'get'> & {
    onUpdated: Pick<typeof chrome.tabs.onUpdated, 'addListener' | 'removeListener'>;
  };
  windows?: Pick<typeof chrome.windows, 'create'>;
}

export interface OpenTabOptions {
  /** In front of its window (a run the user started) or behind (one nobody is watching). */
  active: boolean;
  /** When no window is open to put the tab in (the browser runs in the background), open a window of its own. */
  windowIfNone?: boolean;
  loadMs?: number;
  apis?: TabOpenerApis;
}

const chromeApis = (): TabOpenerApis => ({ tabs: chrome.tabs, windows: chrome.windows });

/** Resolves once tab `tabId` reports `complete` (or had already), or after `ms`, whichever comes first. */
function loaded(apis: TabOpenerApis, tabId: number, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      apis.tabs.onUpdated.removeListener(onUpdated);
      resolve();
    };
    const onUpdated = (id: number, change: { status?: string }) => {
      if (id === tabId && change.status === 'complete') done();
    };
    const timer = setTimeout(done, ms);
    apis.tabs.onUpdated.addListener(onUpdated);
    // Loaded before the listener was there (or closed already: nothing to wait for).
    void apis.tabs.get(tabId).then((now) => now.status === 'complete' && done(), done);
  });
}

/** Opens `url` in a new tab and resolves with the tab as it is once loaded (or once the wait is over). */
export async function openTabAndWait(url: string, options: OpenTabOptions): Promise<chrome.tabs.Tab> {
  const apis = options.apis ?? chromeApis();
  const windows = apis.windows;
  const tab = await apis.tabs.create({ url, active: options.active }).catch(async (e: unknown) => {
    if (!options.windowIfNone || !windows) throw e;
    const win = await windows.create({ url, focused: options.active });
    const first = win?.tabs?.[0];
    if (!first) throw e;
    return first;
  });
  const tabId = tab.id!;
  await loaded(apis, tabId, options.loadMs ?? TAB_LOAD_MS);
  return apis.tabs.get(tabId).catch(() => tab);
}
