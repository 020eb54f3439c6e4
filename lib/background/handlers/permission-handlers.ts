/** permissions.*: Settings → Permissions, the "always allow" grants and the sites denied in runs. */
import type { DeniedSitesStore } from '../../agent/denied-sites';
import type { ConversationStore } from '../../storage/conversation-store';
import type { SitePolicyStore } from '../../tools/site-policy-store';
import type { Awaitable, HandlerSet } from './handler-set';

export function createPermissionHandlers(deps: {
  sitePolicies: Awaitable<SitePolicyStore>;
  deniedSites: Awaitable<DeniedSitesStore>;
  conversations: Awaitable<Pick<ConversationStore, 'getConversation'>>;
}): HandlerSet<'permissions.list' | 'permissions.revoke' | 'permissions.removeDenied'> {
  return {
    'permissions.list': async () => {
      const [grants, denied, conversations] = await Promise.all([
        (await deps.sitePolicies).list(),
        (await deps.deniedSites).list(),
        deps.conversations,
      ]);
      const titles = new Map<string, string | undefined>();
      for (const d of denied)
        if (!titles.has(d.conversationId))
          titles.set(d.conversationId, (await conversations.getConversation(d.conversationId))?.title);
      return {
        grants,
        denied: denied.map((d) => {
          const title = titles.get(d.conversationId);
          return { ...d, ...(title !== undefined ? { conversationTitle: title } : {}) };
        }),
      };
    },
    // Takes effect at once: the next call of the tool on the site asks again (approve-call.ts reads the store).
    'permissions.revoke': async ({ site, toolName }) => (await deps.sitePolicies).revoke(site, toolName),
    'permissions.removeDenied': async ({ runId, toolCallId }) => {
      await (await deps.deniedSites).remove(runId, toolCallId);
    },
  };
}
