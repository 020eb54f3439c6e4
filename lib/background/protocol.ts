/**
 * The one protocol between the extension's pages and the background (after webext-core's ProtocolMap): each
 * request's input (checked on arrival by request-schemas.ts) and its reply type. Replies travel in the
 * messaging kit's envelope, so errors survive the trip with their code.
 */
import type { z } from 'zod';
import { defineProtocol, type OutputOf, type ParsedOf, type Route } from '../messaging/define-protocol';
import type { Handlers } from '../messaging/dispatch';
import type { ConversationRecord, MessageRecord } from '../storage/records';
import type { MessageAttachment } from '../core/message-attachment';
import type { ProviderView } from '../core/provider-record';
import type { BuiltinModelStatus } from '../providers/describe-builtin-model';
import type { ReportedLimits } from '../providers/read-reported-limits';
import type { Settings } from '../storage/settings-store';
import type { LatencyStats } from '../agent/compute-latency-stats';
import type { IndexSettings } from '../retrieval/index-settings';
import type { PageSummary } from '../retrieval/page-summary';
import type { HistoryPassage } from '../retrieval/history-passage';
import type { IngestStats } from '../retrieval/ingest-stats';
import type { requestSchemas } from './request-schemas';
import type { ExportFile } from './data-transfer/export-file-schema';
import type { SearchTraceSummary } from './summarize-search-traces';
import type { ConversationHit } from './search-conversations';
import type { McpServerView } from '../tools/mcp/mcp-server-record';
import type { McpResourceGroup } from '../tools/mcp/mcp-hub';
import type { WebSearchView } from '../tools/web/web-search-store';
import type { TeamConnectionView } from '../tools/team/team-connection-store';
import type { CreatedInvitation, SharedDocument, TeamMember } from '../tools/team/team-client';
import type { ShareSource, TeamShareBody } from '../tools/team/team-share-body';
import type { TeamKnowledgeCounts } from '../tools/team/team-client';
import type { FetchedSheet } from './fetch-sheet-for-view';
import type { FolderIndexReport } from '../storage/folder-store';
import type { ActivityPage } from '../agent/activity-store';
import type { AuditUploadView } from '../agent/audit-outbox';
import type { PolicyReading } from '../policy/managed-policy';
import type { TeamServerPolicy } from '../policy/team-server';
import type { TaskView } from '../core/saved-task';
import type { RecordingStep } from '../core/recording';
import type { Comparison } from '../core/eval-comparison';

/** The protocol owns its replies' types: handlers import them from here, never the other way round. */

export interface ImportResult {
  conversations: number;
  messages: number;
  memories: number;
  skills: number;
  /** Providers added (without keys). */
  providers: number;
  /** The names of imported providers that had a key where they were exported: each needs it again. */
  providersNeedingKey: string[];
  /** Whether the file's "Remember what I read" settings were applied. */
  remember: boolean;
  /** "Always allow" grants added (one already here keeps its own time). */
  grants: number;
  /** Saved tasks added or replaced (same name, other text); absent where tasks do not travel. */
  tasks?: number;
  /** Model comparisons added; absent where comparisons do not travel. */
  comparisons?: number;
  /** What the file held that was already here, and was kept as it was (not added twice). */
  kept: {
    conversations: number;
    memories: number;
    providers: number;
    skills: number;
    tasks?: number;
    comparisons?: number;
  };
}

export interface ModelGroup {
  providerId: string;
  providerName: string;
  /** The provider's own model (what new conversations use when this provider is the default). */
  defaultModel: string;
  models: string[];
  isDefault: boolean;
  /** Why the endpoint's list could not be read (only the provider's own model is offered then). */
  error?: string;
  /** The models of `models` the organisation's policy does not allow: shown, but they cannot be chosen. */
  notAllowed?: string[];
}

export interface ProtocolResponses {
  'providers.list': ProviderView[];
  'providers.save': ProviderView;
  'providers.delete': void;
  /** `baseUrl`: the address that answered, when it is not the one typed (the same server at its /v1). */
  'providers.test': { models: string[]; reported?: Record<string, ReportedLimits>; baseUrl?: string };
  'providers.builtinStatus': BuiltinModelStatus;
  'settings.get': Settings;
  'settings.update': Settings;
  /** The organisation's Chrome policy: what applies, what was ignored and why, and the team server it names. */
  'policy.get': PolicyView;
  'conversations.list': ConversationRecord[];
  'conversations.get': { conversation: ConversationRecord; messages: MessageRecord[] };
  'conversations.delete': void;
  'conversations.search': ConversationHit[];
  'conversations.rename': void;
  'conversations.trash': { undoUntil: number };
  'conversations.restore': void;
  'models.list': ModelGroup[];
  'conversations.setModel': void;
  'conversations.setFallbacks': void;
  'panel.open': void;
  'data.deleteAll': { conversations: number };
  'data.export': ExportFile;
  'data.import': ImportResult;
  'runs.inspect': RunInspection;
  'attachments.read': MessageAttachment;
  'attachments.keep': MessageAttachment;
  /** The reader page's spreadsheet from the web: its bytes wait in the transfers store (fetch-sheet-for-view.ts). */
  'sheets.fetch': FetchedSheet;
  /** The origins a link's address carries text from (read by the conversation's runs on sites other than the link's). */
  'links.checkEgress': { from: string[] };
  'page.undoFill': { restored: number; restoredKeys: string[]; failed: { key: string; reason: string }[] };
  'skills.list': SkillView[];
  'skills.save': SkillView[];
  'skills.delete': SkillView[];
  'tasks.list': TaskListView;
  'tasks.save': TaskListView;
  'tasks.delete': TaskListView;
  /** `tabId`: the tab the start page opened in (absent: the task has none). */
  'tasks.openStartPage': { tabId?: number };
  /** Recording (issue 28): the session in the tab being recorded; `stop` hands back its steps and ends it. */
  'recording.start': RecordingView;
  'recording.state': RecordingView | null;
  'recording.stop': RecordingView | null;
  'evals.list': ComparisonListView;
  /** `started`: the id of the comparison just started. */
  'evals.start': ComparisonListView & { started: string };
  'evals.stop': ComparisonListView;
  'evals.delete': ComparisonListView;
  /** Scheduled runs, newest first, and the next ones (the panel's Runs view). */
  'schedules.runs': ScheduledRunsView;
  'telemetry.stats': LatencyStats;
  'telemetry.searches': SearchTraceSummary;
  'memories.list': MemoryView[];
  'memories.delete': void;
  'permissions.list': PermissionsView;
  'permissions.revoke': void;
  'permissions.removeDenied': void;
  'index.settings.get': IndexSettings;
  'index.settings.update': IndexSettings;
  'index.stats': IngestStats;
  'index.retry': { queueDepth: number };
  'index.pages': { total: number; pages: PageSummary[] };
  'index.delete': { chunks: number; urls: string[] };
  'index.search': HistoryPassage[];
  'folder.index': FolderIndexReport;
  'folder.stopIndex': void;
  'folder.report': FolderIndexReport | null;
  'folder.forget': void;
  'folder.read': FolderFileView;
  'mcp.list': McpServerView[];
  'mcp.save': McpServerView;
  'mcp.refresh': McpServerView;
  'mcp.delete': void;
  'mcp.setTool': McpServerView;
  'mcp.resources': McpResourceGroup[];
  'mcp.readResource': { serverName: string; uri: string; text: string };
  'webSearch.get': WebSearchView;
  'webSearch.save': WebSearchView;
  /** One real search: how many results came back and how long it took (a failure is an error, in the user's words). */
  'webSearch.test': { results: number; ms: number };
  /** Settings → Team: the connection as stored, checked with the server when signed in. */
  'team.get': TeamConnectionView;
  'team.setUrl': TeamConnectionView;
  'team.signIn': TeamConnectionView;
  /** An invitation redeemed: signed in as you with the team added, or, signed out, as someone new, signed in. */
  'team.join': TeamConnectionView;
  /** "Sign in with your organisation": the browser's web auth flow with the server's IdP, then as team.signIn. */
  'team.signInOrganisation': TeamConnectionView;
  'team.signOut': TeamConnectionView;
  'team.remove': TeamConnectionView;
  /** "Share to team": the body that would be sent, scrubbed, and where it would go; nothing is sent yet. */
  'team.sharePreview': SharePreview;
  /** The preview's body, sent to the team server: its queue state, or the wait a busy server asked for. */
  'team.share': ShareReply;
  /** A team's people, whether you may manage them, and which is you. */
  'team.people': TeamPeopleView;
  /** An admin's invitation, shown once (the admin sends it on; it is kept nowhere). */
  'team.invite': CreatedInvitation;
  /** A member removed by an admin: the team's people after it. */
  'team.removeMember': TeamPeopleView;
  /** Where a shared document is in the server's queue. */
  'team.shareStatus': SharedDocument;
  /** A team citation followed: the server's five-minute document view link, for the viewer tab to go to. */
  'team.openView': { url: string };
  /** Settings → Team's live line: the caller's documents on the server by state, after the next event. */
  'team.knowledge': TeamKnowledgeView;
  /** Settings → Activity: the lines matching the search, newest first, with the counts and the retention. */
  'activity.list': ActivityPage & { retentionDays: number; upload?: AuditUploadView };
  'activity.export': { text: string; fileName: string; count: number };
  'activity.setRetention': { retentionDays: number };
}

/**
 * "Share to team"'s preview: exactly the body the upload sends, the team it goes to (`body.teamId`'s) and the
 * server. `teams` are all the caller's: the card offers them when there is more than one, and a choice changes
 * `team` and `body.teamId` only.
 */
export interface SharePreview {
  source: ShareSource;
  body: TeamShareBody;
  team: { id: string; name: string };
  teams: Array<{ id: string; name: string }>;
  host: string;
}

/** A team's people as Settings shows them: whether you may manage them, and which of them is you. */
export interface TeamPeopleView {
  teamId: string;
  members: TeamMember[];
  canManage: boolean;
  selfId: string;
}

/** A share sent (the server's word on it, `duplicate` when it had it already), or refused for now by a busy server. */
export type ShareReply =
  | { outcome: 'sent'; document: SharedDocument; duplicate: boolean }
  | { outcome: 'busy'; retryAfterS: number; message: string };

/** What Settings and the panel show of the organisation's policy. */
/** What Settings → Team shows of the team's knowledge (team-knowledge-handlers.ts). */
export type TeamKnowledgeView =
  { signedIn: false } | { signedIn: true; counts?: TeamKnowledgeCounts; cursor?: string; error?: string };

export type PolicyView = PolicyReading & { teamServer?: TeamServerPolicy };

/** The history index's state for the settings page: the engine's, plus the background's queue and counters. */
export type { IngestStats as IndexStats } from '../retrieval/ingest-stats';

export interface RunInspection {
  runId: string;
  steps: {
    index: number;
    system: string;
    messages: unknown[];
    tools: unknown[];
    finishReason?: string;
    usage?: unknown;
  }[];
}

/** A folder file as the viewer page shows it: its text, read the way the index read it. */
export interface FolderFileView {
  folder: string;
  path: string;
  title: string;
  /** What it is ("PDF", "Markdown file"). */
  type: string;
  text: string;
  modified: number;
}

export interface SkillView {
  name: string;
  description: string;
  body: string;
  source: 'bundled' | 'user';
}

/** The saved tasks, by name; `skipped`: stored records that could not be read (not shown, never run). */
/** A recording under way: its tab, the page it began on, the steps so far and the secret fields left out. */
export interface RecordingView {
  tabId: number;
  startUrl: string;
  steps: RecordingStep[];
  /** How many secret fields were left out, each counted once (by `skippedFields`). */
  skipped: number;
  /** The fields left out, by page and description (merge-recorded-step.ts): never a value. */
  skippedFields?: string[];
}

export interface TaskListView {
  tasks: TaskView[];
  skipped: number;
}

/** Model comparisons (issue 28), newest first; `skipped`: stored records that could not be read. */
export interface ComparisonListView {
  comparisons: Comparison[];
  skipped: number;
}

/** A scheduled run as the Runs view shows it: its record, and its answer once written (outcome, tokens, cost). */
export interface ScheduledRunView {
  key: string;
  taskName: string;
  slot: number;
  status: 'starting' | 'running' | 'waiting' | 'done' | 'failed' | 'stopped' | 'skipped';
  missed?: true;
  startedAt?: number;
  finishedAt?: number;
  conversationId?: string;
  note?: string;
  answer?: Pick<MessageRecord, 'status' | 'usage' | 'model' | 'price' | 'unpriced'>;
}

export interface ScheduledRunsView {
  runs: ScheduledRunView[];
  upcoming: Array<{ taskId: string; taskName: string; at: number }>;
}

export interface MemoryView {
  id: string;
  text: string;
  tags?: string[];
  createdAt: number;
  /** The page open when it was saved. */ url?: string;
}

/** An "always allow" grant as Settings → Permissions lists it; `givenAt` absent: given before grants were timed. */
export interface GrantView {
  site: string;
  toolName: string;
  givenAt?: number;
}

/** A site the user denied going to in a run (it stands for that run), with the conversation it was in. */
export interface DeniedSiteView {
  runId: string;
  toolCallId: string;
  conversationId: string;
  /** The conversation's title; absent when the conversation was deleted. */
  conversationTitle?: string;
  site: string;
  toolName: string;
  deniedAt: number;
}

export interface PermissionsView {
  grants: GrantView[];
  denied: DeniedSiteView[];
}

type Schemas = typeof requestSchemas;

/** Each request: what a page sends (the schema's input), what the handler gets (its output), what it answers. */
export type BackgroundRoutes = {
  [K in keyof Schemas]: Route<z.input<Schemas[K]>, ProtocolResponses[K], z.output<Schemas[K]>>;
};

export const backgroundProtocol = defineProtocol<BackgroundRoutes>('background');

export type RequestName = keyof BackgroundRoutes;
/** One request's handler (none of the background's needs to know the sender beyond the kit's check). */
export type BackgroundHandler<K extends RequestName> = (
  input: ParsedOf<BackgroundRoutes, K>,
) => Promise<OutputOf<BackgroundRoutes, K>>;
/** Every request's handler. Features add theirs as a partial set, merged by the composition root. */
export type BackgroundHandlers = Handlers<BackgroundRoutes>;
