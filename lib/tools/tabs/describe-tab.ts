import type { BrowserTab } from './tab-browser';

/** One line naming a tab for the model: its id, title and address (page text: the output is marked untrusted). */
export const describeTab = (tab: BrowserTab): string => `tab ${tab.id}: ${tab.title || '(untitled)'} <${tab.url}>`;

/** How long navigate, go_back and open_tab wait for the page to load before answering anyway. */
export const LOAD_WAIT_MS = 15_000;
