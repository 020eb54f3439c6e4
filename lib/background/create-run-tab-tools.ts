/** The page tools aimed at each run's tab, and the tab tools, wired to Chrome, storage.session and the journal. */
import type { RunJournal } from '../agent/run-journal';
import type { ConversationStore } from '../storage/conversation-store';
import type { Tool } from '../tools/define-tool';
import { chromeTabBrowser } from '../tools/tabs/chrome-tab-browser';
import { createTabTools } from '../tools/tabs/create-tab-tools';
import type { RunOriginGuard } from '../tools/tabs/run-origin-rules';
import { createRunTabsStore } from '../tools/tabs/run-tabs-store';
import { createRunFacts } from './create-run-facts';

export function createRunTabTools(
  pageTools: Tool[],
  deps: { journal: Promise<RunJournal>; conversations: Promise<ConversationStore>; guard: RunOriginGuard },
): Tool[] {
  return createTabTools(pageTools, {
    store: createRunTabsStore(),
    facts: createRunFacts(deps),
    browser: chromeTabBrowser,
    guard: deps.guard,
  });
}
