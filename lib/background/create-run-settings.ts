/** The settings a new run gets: the user's (step limit, instructions, reasoning) plus the page the panel sent. */
import type { MentionedTab, RunSettings } from '../agent/run-settings';
import type { PanelPageContext } from './panel-port';
import type { SettingsStore } from '../storage/settings-store';

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

/** Builds the run settings source; `augment` adds to them from the message (retrieved passages, say). */
export function createRunSettings(
  settingsStore: SettingsStore | Promise<SettingsStore>,
  augment?: (settings: RunSettings, text: string) => Promise<RunSettings>,
  describeTabs: (ids: number[]) => Promise<MentionedTab[]> = describeMentionedTabs,
) {
  return async (page: PanelPageContext | undefined, text: string, mentionedTabIds?: number[]): Promise<RunSettings> => {
    const settings = await (await settingsStore).get();
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
      ...(mentionedTabIds?.length ? { mentionedTabs: await describeTabs(mentionedTabIds) } : {}),
    };
    return augment ? augment(base, text) : base;
  };
}
