import type { PromptLibrary } from '../lib/agent/prompt-library';
import { createUndoFillHandler } from '../lib/background/create-undo-fill-handler';
import { createRouteToPage } from '../lib/tools/page/route-to-page';
import { startBackground } from '../lib/background/start-background';
import { createHistoryFeature } from '../lib/background/create-history-feature';
import { createPageTools } from '../lib/tools/page/page-tools';
import { createSearchHistoryTool } from '../lib/tools/search-history-tool';
import { createWebFeature } from '../lib/background/create-web-feature';
import { createFolderFeature } from '../lib/background/create-folder-feature';
import { createLocalFileRefusal, createReadDocumentTab } from '../lib/tools/page/read-document-tab';
import { createPolicyFeature } from '../lib/background/create-policy-feature';
import { createSiteToolsRelaySync, followSiteToolsSwitch } from '../lib/background/sync-site-tools-relay';
import { focusTab, serveToolAsks } from '../lib/background/serve-tool-asks';
import { createPageToolAsks } from '../lib/tools/page/page-tool-asks';
import { createTeamFeature } from '../lib/background/create-team-feature';
import { addTeamGrounding } from '../lib/background/add-team-grounding';
import { mark } from '../lib/util/marks';

// Prompts are bundled at build time: the worker may not use dynamic import().
const prompts = import.meta.glob<string>('/prompts/**/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as PromptLibrary;

export default defineBackground(() => {
  mark('entry');
  // First: the policy's change listener must be added in the worker's first turn, and every feature narrows by it.
  const policy = createPolicyFeature();
  const history = createHistoryFeature(policy);
  const web = createWebFeature(history);
  const folder = createFolderFeature(web.readDocument, history.service);
  const isFileAccessAllowed = () => chrome.extension.isAllowedFileSchemeAccess();
  const siteTools = createSiteToolsRelaySync();
  const team = createTeamFeature(policy, { privacy: () => history.service.settings(), readDocument: web.readDocument });
  // A page tool's requests to interact, from the page agent, for the call that is running (the listener now).
  const asks = createPageToolAsks();
  serveToolAsks(asks);
  startBackground({
    prompts,
    pageTools: createPageTools({
      routeToPage: createRouteToPage({ siteTools: siteTools.enabled }),
      asks,
      focusTab,
      readDocumentTab: createReadDocumentTab({
        // The worker's own fetch, unbound it throws "Illegal invocation".
        fetch: (input, init) => fetch(input, init),
        readDocument: web.readDocument,
        isFileAccessAllowed,
      }),
      localFileRefusal: createLocalFileRefusal({
        tabUrl: async (tabId) => (await chrome.tabs.get(tabId)).url,
        isFileAccessAllowed,
      }),
    }),
    extraHandlers: {
      'page.undoFill': createUndoFillHandler(),
      ...policy.handlers,
      ...history.extraHandlers,
      ...web.extraHandlers,
      ...folder.extraHandlers,
      ...team.extraHandlers,
    },
    extraTools: [createSearchHistoryTool({ ...history.search, team: team.knowledge }), ...web.tools, ...folder.tools],
    augmentRunSettings: addTeamGrounding(history.augmentRunSettings, team.knowledge),
    rememberSettings: history.rememberSettings,
    readAttached: web.readAttached,
    forgetFolder: folder.forgetAll,
    keptDocuments: history.keptDocuments,
    policy,
    team,
    teamProviders: team.providers,
    onSettings: followSiteToolsSwitch(siteTools, policy),
  });
});
