/**
 * The team server as the background composes it (issue 26, "In the extension"): the connection store (address,
 * encrypted token, who the server says you are), Settings → Team's handlers, "Share to team"'s handlers, and the
 * credentials later team features ask for. The organisation's policy may set the address. Call once, in the
 * worker's first turn.
 */
import type { ActivitySink } from '../agent/activity-line';
import type { PrivacySettings } from '../retrieval/privacy-policy';
import { openAttachmentStore } from '../storage/attachment-store';
import { createConversationStore } from '../storage/conversation-store';
import { openTabwiseDb } from '../storage/db';
import { sendPageCommand } from '../tools/page/send-page-command';
import { createTeamConnectionStore, type TeamConnectionStore } from '../tools/team/team-connection-store';
import type { ReadDocumentFile } from '../tools/web/read-document-response';
import { createTeamProviderSource, type TeamProviderSource } from '../tools/team/team-provider-source';
import type { PolicyFeature } from './create-policy-feature';
import { createTeamHandlers } from './handlers/team-handlers';
import { createTeamShareHandlers, type SharedPageReading } from './handlers/team-share-handlers';
import { createTeamViewHandlers } from './handlers/team-view-handlers';
import { createTeamKnowledgeHandlers } from './handlers/team-knowledge-handlers';
import { createTeamPeopleHandlers } from './handlers/team-people-handlers';
import { createTeamKnowledge, type TeamKnowledge } from '../tools/team/team-knowledge';
import type { BackgroundHandlers as Handlers } from './protocol';
import { createPdfTabReader } from './read-pdf-tab';

export interface TeamFeature {
  store: Promise<TeamConnectionStore>;
  extraHandlers: Handlers;
  /** The worker's fetch, for the other requests to the team server (the audit upload). */
  fetch: typeof fetch;
  /** Where shares report their Activity lines once the activity feature exists (it queues them for the audit too). */
  useActivitySink(sink: ActivitySink): void;
  /** The team's passages for search_history (and grounding), beside the user's own. */
  knowledge: TeamKnowledge;
  /** The providers of the user's teams, reached through the server's pass-through (issue 27). */
  providers: TeamProviderSource;
}

/** What sharing reads with: the remembering rules as they apply, and the document reader (for a PDF tab). */
export interface TeamShareSources {
  privacy(): Promise<PrivacySettings>;
  readDocument: ReadDocumentFile;
}

/** Characters of a page read for sharing at most (the page reader's own limit, what capture reads too). */
const PAGE_MAX_CHARS = 200_000;

/** The page in front read as the local index's capture reads it: the top frame, what the user typed left out. */
async function readTabForShare(tabId: number): Promise<SharedPageReading> {
  const sent = await sendPageCommand({ tabId, frameId: 0 }, 'read_page', {
    runId: 'share-to-team',
    toolCallId: crypto.randomUUID(),
    args: { maxChars: PAGE_MAX_CHARS, excludeEditable: true },
  });
  if (!sent.ok) throw new Error(sent.message ?? sent.reason);
  if (!sent.answer.outcome.ok) throw new Error(sent.answer.outcome.message);
  return sent.answer.outcome.output;
}

export function createTeamFeature(policy: Pick<PolicyFeature, 'teamServer'>, sources: TeamShareSources): TeamFeature {
  const store = openTabwiseDb().then((db) => createTeamConnectionStore(db, policy.teamServer));
  // The worker's own fetch, unbound it throws "Illegal invocation".
  const fetchFromWorker: typeof fetch = (input, init) => fetch(input, init);
  const webAuth = {
    redirectUrl: chrome.identity.getRedirectURL('oidc'),
    launch: (url: string) => chrome.identity.launchWebAuthFlow({ url, interactive: true }),
  };
  const providers = createTeamProviderSource({
    credentials: async () => (await store).credentials(),
    client: { fetch: fetchFromWorker },
    now: () => Date.now(),
  });
  const attachments = openAttachmentStore();
  const conversations = openTabwiseDb().then((db) => createConversationStore(db));
  let sink: ActivitySink | undefined;
  const now = () => Date.now();
  return {
    store,
    fetch: fetchFromWorker,
    providers,
    useActivitySink: (s) => {
      sink = s;
    },
    extraHandlers: {
      ...createTeamHandlers({ store, fetch: fetchFromWorker, now, webAuth }),
      ...createTeamShareHandlers({
        store,
        fetch: fetchFromWorker,
        now,
        generateId: () => crypto.randomUUID(),
        privacy: sources.privacy,
        tab: async (tabId) => {
          const tab = await chrome.tabs.get(tabId);
          return { url: tab.url ?? '', title: tab.title ?? '', incognito: tab.incognito };
        },
        readPage: readTabForShare,
        readPdf: createPdfTabReader(fetchFromWorker, sources.readDocument),
        attachment: async (id) => {
          const file = await attachments.get(id);
          return file && { name: file.name, conversationId: file.conversationId, text: file.reading?.text };
        },
        message: async (id) => {
          const store = await conversations;
          const message = await store.getMessage(id);
          if (!message) return undefined;
          const title = (await store.getConversation(message.conversationId))?.title;
          return { ...message, ...(title ? { conversationTitle: title } : {}) };
        },
        // Through the activity feature's sink (set as the worker starts), so the line is queued for the team's audit
        // too: there is no second writer of the Activity log that would skip it.
        recordActivity: ({ sent: _sent, conversationTitle: _title, ...draft }) =>
          sink ? sink.record(draft) : Promise.reject(new Error('the Activity log is not open yet')),
      }),
      ...createTeamViewHandlers({ store, fetch: fetchFromWorker }),
      ...createTeamKnowledgeHandlers({ store, fetch: fetchFromWorker }),
      ...createTeamPeopleHandlers({ store, fetch: fetchFromWorker }),
    },
    knowledge: createTeamKnowledge({
      store,
      fetch: fetchFromWorker,
      extensionOrigin: chrome.runtime.getURL('/').replace(/\/$/, ''),
    }),
  };
}
