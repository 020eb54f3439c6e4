/**
 * The Activity log in the worker: the store, the sink the agent runtime reports lines to (adding the
 * conversation's title), pruning by age when the worker starts and twice a day, and the settings page's
 * handlers. Deleting a conversation strips its lines of page text; "Delete all data" empties the log.
 * Signed in to a team, each new line is queued, in its wire shape, for the team server's audit table, and the
 * uploader (audit-uploader.ts) sends the queue: when a line is logged, when the worker wakes, on its alarm.
 */
import type { ActivitySink } from '../agent/record-activity';
import type { ActivityStore } from '../agent/activity-store';
import { openActivityStore } from '../agent/idb-activity-store';
import type { ConversationStore } from '../storage/conversation-store';
import { createActivityHandlers } from './handlers/activity-handlers';
import type { Awaitable } from './handlers/handler-set';
import { afterWake as afterWakeChores, type AfterWake } from './after-wake';
import { toAuditLine } from '../agent/audit-line';
import type { AuditOutbox } from '../agent/audit-outbox';
import { openAuditOutbox } from '../agent/idb-activity-store';
import type { TeamConnectionStore } from '../tools/team/team-connection-store';
import { sendAuditBatch } from './send-audit-batch';
import { AUDIT_UPLOAD_ALARM, createAuditUploader, type AuditUploader } from './audit-uploader';

export const ACTIVITY_PRUNE_ALARM = 'tabwise-activity-prune';

export interface ActivityFeatureDeps {
  conversations: Awaitable<Pick<ConversationStore, 'getConversation'>>;
  now(): number;
  store?: ActivityStore;
  alarms?: Pick<typeof chrome.alarms, 'get' | 'create' | 'onAlarm'>;
  /** When the start's pruning runs (after-wake.ts; tests run it at once). */
  afterWake?: AfterWake;
  /** The team connection: signed in, lines also go to its server's audit table. */
  team?: {
    store: Promise<Pick<TeamConnectionStore, 'view' | 'credentials'>>;
    fetch: typeof fetch;
    useActivitySink?(sink: ActivitySink): void;
  };
  outbox?: AuditOutbox;
}

/** The team a new line goes to: the first the connection lists, while signed in; none otherwise. */
export async function auditTeamOf(
  store: Promise<Pick<TeamConnectionStore, 'view'>> | undefined,
): Promise<{ id: string; name: string; others: number } | undefined> {
  if (!store) return undefined;
  const view = await (await store).view();
  const first = view.signedIn ? view.identity?.teams[0] : undefined;
  return first && { id: first.id, name: first.name, others: view.identity!.teams.length - 1 };
}

/** The sink the runtime writes to: each line gets its conversation's title and an unsent outbox marker. */
export function createActivitySink(
  store: ActivityStore,
  conversations: ActivityFeatureDeps['conversations'],
  audit?: { teamOf(): Promise<{ id: string } | undefined>; now(): number; uploader: Pick<AuditUploader, 'flush'> },
): ActivitySink {
  return {
    async record(draft) {
      const title = (await (await conversations).getConversation(draft.conversationId))?.title;
      const line = { ...draft, ...(title ? { conversationTitle: title.slice(0, 500) } : {}), sent: 0 as const };
      // A team the connection cannot tell (its store failing) queues nothing rather than losing the local line.
      const team = audit ? await audit.teamOf().catch(() => undefined) : undefined;
      const entry = team && { id: line.id, teamId: team.id, queuedAt: audit!.now(), line: toAuditLine(line) };
      const added = await store.add(line, entry);
      if (added && entry) void audit!.uploader.flush().catch((e: unknown) => console.warn('Tabwise: audit upload', e));
    },
  };
}

/** Call in the worker's first turn: it registers the prune alarm's listener. */
export function createActivityFeature(deps: ActivityFeatureDeps) {
  const store = deps.store ?? openActivityStore();
  const alarms = deps.alarms ?? chrome.alarms;
  const prune = () =>
    void store.prune(deps.now()).catch((e: unknown) => console.error('Tabwise: pruning the activity log failed', e));
  const audit = deps.team && createAuditUpload(deps.team, deps.outbox ?? openAuditOutbox(), deps.now, alarms);
  alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === ACTIVITY_PRUNE_ALARM) prune();
    if (alarm.name === AUDIT_UPLOAD_ALARM) void audit?.uploader.flush();
  });
  const afterWake = deps.afterWake ?? afterWakeChores;
  afterWake(() =>
    alarms.get(ACTIVITY_PRUNE_ALARM).then(async (alarm) => {
      if (!alarm) await alarms.create(ACTIVITY_PRUNE_ALARM, { periodInMinutes: 12 * 60, delayInMinutes: 1 });
    }),
  );
  // At every start too: a browser closed for longer than the period still drops what has expired.
  afterWake(prune);
  // What a killed worker left in the outbox goes now (or when its backoff says).
  if (audit) afterWake(() => audit.uploader.flush());
  return {
    store,
    sink: createActivitySink(store, deps.conversations, audit),
    handlers: createActivityHandlers({
      store,
      now: deps.now,
      ...(audit ? { upload: { outbox: audit.outbox, teamOf: audit.teamOf } } : {}),
    }),
    /** The conversation is gone: its lines stay, without their page text. */
    forgetConversation: (id: string) => store.forgetConversation(id).then(() => undefined),
    clear: async () => {
      await store.clear();
      await audit?.outbox.clear();
    },
    /** Sends what waits now (signing in to a team, say). */
    flushAudit: () => audit?.uploader.flush() ?? Promise.resolve(),
  };
}

/** The outbox's uploader over the team connection, waking the worker with an alarm for each retry. */
function createAuditUpload(
  team: NonNullable<ActivityFeatureDeps['team']>,
  outbox: AuditOutbox,
  now: () => number,
  alarms: Pick<typeof chrome.alarms, 'create'>,
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const uploader = createAuditUploader({
    outbox,
    now,
    credentials: async () => (await team.store).credentials(),
    send: (creds, teamId, lines) => sendAuditBatch(creds, teamId, lines, { fetch: team.fetch }),
    // Chrome runs an alarm 30 s at the soonest: it is what survives the worker; the timer keeps short waits short.
    wakeAt: async (at) => void (await alarms.create(AUDIT_UPLOAD_ALARM, { when: at })),
    retryAt: (at, run) => {
      clearTimeout(timer);
      timer = setTimeout(run, Math.max(0, at - now()));
    },
  });
  return { outbox, uploader, now, teamOf: () => auditTeamOf(team.store) };
}
