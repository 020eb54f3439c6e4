/**
 * Scheduled tasks in Chrome: `chrome.alarms` fires each task's next slot, the run opens its start page (or a blank
 * tab) in a tab group of its own and starts as a new conversation with nobody watching, and a notification tells
 * the user it waits for an approval or has finished; clicking it opens the conversation. The rules (which slot,
 * claimed once) are schedule-runner.ts; following a run is schedule-run-events.ts.
 */
import type { AgentRuntime } from '../agent/agent-runtime';
import type { RunSettings } from '../agent/run-settings';
import { taskGrantScope } from '../agent/schedule-grants';
import type { ConversationStore } from '../storage/conversation-store';
import { openScheduledRunStore } from '../storage/scheduled-run-store';
import type { TaskStore } from '../storage/task-store';
import type { ChatService } from './chat-service';
import type { PanelPageContext } from './panel-port';
import type { ScheduledRunsView } from './protocol';
import { createNoticeClickHandler, createScheduleNotifier } from './schedule-notifications';
import { createScheduleRunEvents } from './schedule-run-events';
import { createScheduledRunStart } from './schedule-run-start';
import { createScheduleRunner, TASK_ALARM_PREFIX } from './schedule-runner';
import { scheduledRunView } from './scheduled-run-view';
import { afterWake } from './after-wake';

const SESSION_START_KEY = 'tabwise.sessionStart';

/** When this browser session began: kept in storage.session (gone when the browser closes) by its first worker. */
async function sessionStartOf(now: number): Promise<number> {
  const kept = (await chrome.storage.session.get(SESSION_START_KEY))[SESSION_START_KEY];
  if (typeof kept === 'number' && Number.isFinite(kept)) return kept;
  await chrome.storage.session.set({ [SESSION_START_KEY]: now });
  return now;
}

export interface ScheduleFeatureDeps {
  now(): number;
  generateId(): string;
  tasks: TaskStore;
  chat: Pick<ChatService, 'handle' | 'detach'>;
  runtime: Promise<AgentRuntime>;
  conversations: Promise<ConversationStore> | ConversationStore;
}

export function createScheduleFeature(deps: ScheduleFeatureDeps) {
  const runs = openScheduledRunStore();
  let session: Promise<number> | undefined;
  /** Tabs a scheduled run is starting in → its task: the run's settings take the task's grant scope. */
  const startingTabs = new Map<number, string>();
  const notices = createScheduleNotifier();
  const { notify } = notices;

  const events = createScheduleRunEvents({ runs, conversations: deps.conversations, now: deps.now, notify });
  void deps.runtime.then((r) => r.subscribe(events.onEvent));

  const start = createScheduledRunStart({
    now: deps.now,
    generateId: deps.generateId,
    chat: deps.chat,
    runs,
    expect: (conversationId, key) => events.expect(conversationId, key),
    startingTabs,
  });

  const runner = createScheduleRunner({
    listTasks: async () => (await deps.tasks.list()).tasks,
    runs,
    now: deps.now,
    sessionStart: () => (session ??= sessionStartOf(deps.now())),
    alarms: chrome.alarms,
    start,
    onSettled: (run) => notify(run.status === 'skipped' ? 'skipped' : 'failed', run),
  });
  // Runs under way when the worker stopped are followed again at once (a resumed run may end soon), and before
  // anything new is fired.
  const ready = events.rebuild().catch((e: unknown) => console.error('scheduled runs on wake', e));
  const reconcile = () => ready.then(() => runner.reconcile());
  const onNoticeClicked = createNoticeClickHandler(runs);

  return {
    /** The listeners, added in the worker's first turn. */
    listen() {
      chrome.alarms.onAlarm.addListener((alarm) => {
        if (alarm.name.startsWith(TASK_ALARM_PREFIX)) void reconcile();
      });
      chrome.notifications.onClicked.addListener(onNoticeClicked);
      // Headless Chromium cannot click a notification: tests call the same listener from the worker, and read
      // what was shown. Nothing reaches the worker's globals but code running in it.
      Object.assign(globalThis, {
        tabwiseSchedules: { clickNotice: onNoticeClicked, shown: notices.shown },
      });
      // Whatever woke the worker: what is due runs (a missed slot once), and the next alarms are set.
      afterWake(reconcile);
    },
    /** After a task changed: alarms follow its schedule. */
    changed: () => void reconcile(),
    /** Grants for the run starting in `page`'s tab are the task's own (schedule-grants.ts). */
    withScope(
      runSettings: (page: PanelPageContext | undefined, text: string, tabs?: number[]) => Promise<RunSettings>,
    ) {
      return async (page: PanelPageContext | undefined, text: string, tabs?: number[]): Promise<RunSettings> => {
        const settings = await runSettings(page, text, tabs);
        const taskId = page?.tabId === undefined ? undefined : startingTabs.get(page.tabId);
        if (taskId === undefined) return settings;
        startingTabs.delete(page!.tabId!);
        return { ...settings, tabId: page!.tabId!, grantScope: taskGrantScope(taskId) };
      };
    },
    handlers: {
      'schedules.runs': async (): Promise<ScheduledRunsView> => {
        const [list, upcoming, store] = await Promise.all([runs.list(50), runner.upcoming(5), deps.conversations]);
        const views = await Promise.all(list.map((r) => scheduledRunView(r, store)));
        return { runs: views, upcoming };
      },
    },
    clear: () => runs.clear(),
  };
}
