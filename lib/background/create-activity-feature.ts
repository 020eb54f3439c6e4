/**
 * The Activity log in the worker: the store, the sink the agent runtime reports lines to (adding the
 * conversation's title), pruning by age when the worker starts and twice a day, and the settings page's
 * handlers. Deleting a conversation strips its lines of page text; "Delete all data" empties the log.
 */
import type { ActivitySink } from '../agent/record-activity';
import type { ActivityStore } from '../agent/activity-store';
import { openActivityStore } from '../agent/idb-activity-store';
import type { ConversationStore } from '../storage/conversation-store';
import { createActivityHandlers } from './handlers/activity-handlers';
import type { Awaitable } from './handlers/handler-set';
import { afterWake as afterWakeChores, type AfterWake } from './after-wake';

export const ACTIVITY_PRUNE_ALARM = 'tabwise-activity-prune';

export interface ActivityFeatureDeps {
  conversations: Awaitable<Pick<ConversationStore, 'getConversation'>>;
  now(): number;
  store?: ActivityStore;
  alarms?: Pick<typeof chrome.alarms, 'get' | 'create' | 'onAlarm'>;
  /** When the start's pruning runs (after-wake.ts; tests run it at once). */
  afterWake?: AfterWake;
}

/** The sink the runtime writes to: each line gets its conversation's title and an unsent outbox marker. */
export function createActivitySink(
  store: ActivityStore,
  conversations: ActivityFeatureDeps['conversations'],
): ActivitySink {
  return {
    async record(draft) {
      const title = (await (await conversations).getConversation(draft.conversationId))?.title;
      await store.add({ ...draft, ...(title ? { conversationTitle: title.slice(0, 500) } : {}), sent: 0 });
    },
  };
}

/** Call in the worker's first turn: it registers the prune alarm's listener. */
export function createActivityFeature(deps: ActivityFeatureDeps) {
  const store = deps.store ?? openActivityStore();
  const alarms = deps.alarms ?? chrome.alarms;
  const prune = () =>
    void store.prune(deps.now()).catch((e: unknown) => console.error('Tabwise: pruning the activity log failed', e));
  alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === ACTIVITY_PRUNE_ALARM) prune();
  });
  const afterWake = deps.afterWake ?? afterWakeChores;
  afterWake(() =>
    alarms.get(ACTIVITY_PRUNE_ALARM).then(async (alarm) => {
      if (!alarm) await alarms.create(ACTIVITY_PRUNE_ALARM, { periodInMinutes: 12 * 60, delayInMinutes: 1 });
    }),
  );
  // At every start too: a browser closed for longer than the period still drops what has expired.
  afterWake(prune);
  return {
    store,
    sink: createActivitySink(store, deps.conversations),
    handlers: createActivityHandlers({ store, now: deps.now }),
    /** The conversation is gone: its lines stay, without their page text. */
    forgetConversation: (id: string) => store.forgetConversation(id).then(() => undefined),
    clear: () => store.clear(),
  };
}
