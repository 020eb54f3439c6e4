/** What the tab tools need to know of a run, read from its journal: mentioned tabs, denied origins, title. */
import type { RunJournal } from '../agent/run-journal';
import type { ConversationStore } from '../storage/conversation-store';
import type { ReadRunFacts } from '../tools/tabs/run-tab-access';
import { standsDenied } from '../agent/denied-sites';

export function createRunFacts(deps: {
  journal: Promise<RunJournal>;
  conversations: Promise<ConversationStore>;
}): ReadRunFacts {
  return async (runId) => {
    // Only the run and its approvals: the steps (whole requests) are not needed here.
    const snap = await (await deps.journal).readApprovals(runId);
    if (!snap) return { mentionedTabIds: [], deniedOrigins: [], title: 'Tabwise' };
    // A denial the user removed in Settings → Permissions no longer stands.
    const deniedOrigins = snap.approvals.flatMap((a) => (standsDenied(a) ? [a.site] : []));
    const conversation = await (await deps.conversations).getConversation(snap.run.conversationId);
    return {
      mentionedTabIds: (snap.run.settings.mentionedTabs ?? []).map((t) => t.tabId),
      deniedOrigins,
      title: conversation?.title?.trim().slice(0, 60) || 'Tabwise',
    };
  };
}
