/** The browser's tabs as the tab tools use them; injected so the tools are tested without Chrome. */

export interface BrowserTab {
  id: number;
  url: string;
  title: string;
  windowId: number;
  /** The tab is loading a page (a navigation under way); unset where unknown. */
  loading?: boolean;
}

/** What a wait in the page looks for: text a person can read, or no network request for a quiet while. */
export type PageWait = { kind: 'text'; text: string } | { kind: 'network_idle'; quietMs: number };

export interface TabBrowser {
  /** The tab, or undefined when it is gone. */
  get(tabId: number): Promise<BrowserTab | undefined>;
  create(options: { url: string; active: boolean; windowId?: number }): Promise<BrowserTab>;
  navigate(tabId: number, url: string): Promise<void>;
  goBack(tabId: number): Promise<void>;
  remove(tabId: number): Promise<void>;
  /** Puts the tab into group `groupId` (a new group titled `title` when unset or gone); answers the group's id. */
  group(tabId: number, groupId: number | undefined, title: string): Promise<number>;
  /** Resolves with the tab's URL once it matches and has loaded, or undefined at the timeout. */
  waitForUrl(
    tabId: number,
    matches: (url: string) => boolean,
    timeoutMs: number,
    signal: AbortSignal,
  ): Promise<string | undefined>;
  /**
   * Watches the tab's top document, loaded at `loadedUrl`, on the page's own clock (see stayedInPage): true when
   * it navigated away within its load and `quietMs`; false when it stayed or cannot be scripted.
   */
  leftAfterLoad(tabId: number, loadedUrl: string, quietMs: number): Promise<boolean>;
  /** Runs a wait inside the tab's top document; true when the condition held before the timeout. */
  waitInPage(tabId: number, wait: PageWait, timeoutMs: number): Promise<boolean>;
}
