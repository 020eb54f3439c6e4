/**
 * The ways into Tabwise from Chrome itself: the toolbar button opens the side panel, the onboarding opens on
 * install and at startup while no provider is set, and the context menu's entries (rebuilt at startup, so
 * their titles follow a changed browser language).
 */
import { createContextMenu } from './context-menu';
import { createFirstRun } from './first-run';
import { afterWake } from './after-wake';

/** Returns what rebuilds the context menu (after the saved tasks change). */
export function registerBrowserEntryPoints({
  hasProvider,
  now,
  listTaskNames,
}: {
  hasProvider(): Promise<boolean>;
  now(): number;
  listTaskNames?: () => Promise<string[]>;
}): () => void {
  afterWake(() =>
    chrome.sidePanel
      .setPanelBehavior({ openPanelOnActionClick: true })
      .catch((e: unknown) => console.warn('sidePanel behaviour', e)),
  );
  const firstRun = createFirstRun({ hasProvider, urlOf: (p) => chrome.runtime.getURL(p), tabs: chrome.tabs });
  const showOnboarding = () =>
    void firstRun.openIfNeeded().catch((e: unknown) => console.error('opening the onboarding failed', e));
  chrome.runtime.onInstalled.addListener(({ reason }) => {
    if (reason === 'install') showOnboarding();
  });
  chrome.runtime.onStartup.addListener(showOnboarding);

  const contextMenu = createContextMenu({
    menus: chrome.contextMenus,
    storage: chrome.storage.session,
    openPanel: (windowId) => chrome.sidePanel.open({ windowId }),
    now,
    ...(listTaskNames ? { listTaskNames } : {}),
  });
  const registerMenu = () => void contextMenu.register().catch((e: unknown) => console.error('context menu', e));
  chrome.runtime.onInstalled.addListener(registerMenu);
  chrome.runtime.onStartup.addListener(registerMenu);
  chrome.contextMenus.onClicked.addListener(
    (info, tab) => void contextMenu.onClicked(info, tab).catch((e: unknown) => console.error('context menu click', e)),
  );
  // Headless tests cannot open a context menu: they call the same listener from the worker.
  Object.assign(globalThis, { tabwiseContextMenu: contextMenu });
  return registerMenu;
}
