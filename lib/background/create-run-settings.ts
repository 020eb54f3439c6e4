/** The settings a new run gets: the user's (step limit, instructions, reasoning) plus the page the panel sent. */
import type { MentionedTab, RunSettings } from '../agent/run-settings';
import type { PanelPageContext } from './panel-port';
import type { SettingsStore } from '../storage/settings-store';
import { unreadableReason } from '../page/page-access';

/** The user's reasoning level as both vendors take it: OpenAI's effort, Anthropic's thinking budget. */
export function reasoningSettings(
  level: 'off' | 'low' | 'medium' | 'high' | undefined,
): Pick<RunSettings, 'reasoning'> {
  if (!level || level === 'off') return {};
  const budgetTokens = { low: 1024, medium: 4096, high: 16_000 }[level];
  return { reasoning: { effort: level, budgetTokens } };
}

/** The mentioned tabs that are still open, as they are now (a closed one is dropped). */
async function describeMentionedTabs(ids: number[]): Promise<MentionedTab[]> {
  const tabs = await Promise.all(
    [...new Set(ids)].map((id) =>
      chrome.tabs.get(id).then(
        (t) => ({ tabId: id, title: t.title ?? '', url: t.url ?? '' }),
        () => undefined,
      ),
    ),
  );
  return tabs.filter((t): t is MentionedTab => t !== undefined);
}

/**
 * The page the panel's chips named, as it is now: the panel sends its chips at once rather than asking Chrome
 * again first, so the tab's address and title are read here (a run's navigate may have just moved it). A tab
 * that is gone, or that now shows a page Tabwise may not read, attaches nothing, as the panel would show.
 */
async function currentPage(page: PanelPageContext): Promise<PanelPageContext | undefined> {
  if (page.tabId === undefined) return unreadableReason(page.url) ? undefined : page;
  const tab = await chrome.tabs.get(page.tabId).catch(() => undefined);
  if (!tab?.url || unreadableReason(tab.url)) return undefined;
  // The selection was read by the panel while it had the focus (it cannot change while the user types there);
  // it belongs to the page it was read on.
  const { selectedText, ...rest } = page;
  const moved = tab.url !== page.url;
  return { ...rest, url: tab.url, title: tab.title ?? tab.url, ...(selectedText && !moved ? { selectedText } : {}) };
}

/** Builds the run settings source; `augment` adds to them from the message (retrieved passages, say). */
export function createRunSettings(
  settingsStore: SettingsStore | Promise<SettingsStore>,
  augment?: (settings: RunSettings, text: string) => Promise<RunSettings>,
  describeTabs: (ids: number[]) => Promise<MentionedTab[]> = describeMentionedTabs,
  readPage: (page: PanelPageContext) => Promise<PanelPageContext | undefined> = currentPage,
) {
  return async (sent: PanelPageContext | undefined, text: string, mentionedTabIds?: number[]): Promise<RunSettings> => {
    const [settings, page, mentionedTabs] = await Promise.all([
      Promise.resolve(settingsStore).then((store) => store.get()),
      sent && readPage(sent),
      mentionedTabIds?.length ? describeTabs(mentionedTabIds) : undefined,
    ]);
    const base: RunSettings = {
      maxSteps: settings.maxSteps,
      maxToolCallsPerStep: settings.maxToolCallsPerStep,
      maxConcurrentSubAgents: settings.maxConcurrentSubAgents,
      maxRunTokens: settings.maxRunTokens,
      customInstructions: settings.customInstructions,
      ...reasoningSettings(settings.reasoning),
      ...(page
        ? { pageContext: { url: page.url, title: page.title, selectedText: page.selectedText }, tabId: page.tabId }
        : {}),
      ...(mentionedTabs ? { mentionedTabs } : {}),
    };
    return augment ? augment(base, text) : base;
  };
}
