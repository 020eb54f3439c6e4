/** panel.open: opens the side panel in the last focused window (the options page's "open the panel"). */
import type { HandlerSet } from './handler-set';

export interface PanelApi {
  lastFocusedWindowId(): Promise<number | undefined>;
  openSidePanel(windowId: number): Promise<void>;
}

const chromePanelApi: PanelApi = {
  lastFocusedWindowId: async () => (await chrome.windows.getLastFocused()).id,
  openSidePanel: (windowId) => chrome.sidePanel.open({ windowId }),
};

export function createPanelHandlers(api: PanelApi = chromePanelApi): HandlerSet<'panel.open'> {
  return {
    'panel.open': async () => {
      const windowId = await api.lastFocusedWindowId();
      if (windowId !== undefined) await api.openSidePanel(windowId);
    },
  };
}
