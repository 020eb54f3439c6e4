/**
 * Scheduled tasks in Chrome: `chrome.alarms` fires each task's next slot, the run opens its start page (or a blank
 * tab) in a tab group of its own and starts as a new conversation with nobody watching, and a notification tells
 * the user it waits for an approval or has finished; clicking it opens the conversation. The rules (which slot,
 * claimed once) are schedule-runner.ts; following a run is schedule-run-events.ts.
 */
import type { AgentRuntime } from '../agent/agent-runtime';
import type { RunSettings } from '../agent/run-settings';
import { taskGrantScope } from '../agent/schedule-grants';
import { checkStartPage } from '../core/saved-task';
import type { ConversationStore } from '../storage/conversation-store';
import { openScheduledRunStore, type ScheduledRun } from '../storage/scheduled-run-store';
import type { TaskStore } from '../storage/task-store';
import { t } from '../util/t';
import type { ChatService, PanelPortLike } from './chat-service';
import type { PanelPageContext } from './panel-port';
import { PENDING_OPEN_KEY } from './pending-open';
import type { ScheduledRunsView } from './protocol';
import { describeNotice, noticeId, parseNoticeId, type NoticeKind } from './schedule-notices';
import { createScheduleRunEvents } from './schedule-run-events';
import { createScheduleRunner, TASK_ALARM_PREFIX, type ScheduledTask } from './schedule-runner';

const SESSION_START_KEY = 'tabwise.sessionStart';
const PAGE_LOAD_MS = 20_000;

/** When this browser session began: kept in storage.session (gone when the browser closes) by its first worker. */
async function sessionStartOf(now: number): Promise<number> {
  const kept = (await chrome.storage.session.get(SESSION_START_KEY))[SESSION_START_KEY];
  if (typeof kept === 'number' && Number.isFinite(kept)) return kept;
  await chrome.storage.session.set({ [SESSION_START_KEY]: now });
  return now;
}

/** A background tab for the run, in a group of its own named for the task, once loaded (or the wait is over). */
async function openRunTab(url: string, taskName: string): Promise<chrome.tabs.Tab> {
  const tab = await chrome.tabs.create({ url, active: false }).catch(async () => {
    // No window open (the browser runs in the background): one of the run's own.
    const win = await chrome.windows.create({ url, focused: false });
    return win!.tabs![0]!;
  });
  const groupId = await chrome.tabs.group({ tabIds: [tab.id!] });
  await chrome.tabGroups.update(groupId, { title: t('schedule_group_title', `/${taskName}`), collapsed: false });
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      chrome.tabs.onUpdated.removeListener(onUpdated);
      resolve();
    };
    const onUpdated = (id: number, change: { status?: string }) => {
      if (id === tab.id && change.status === 'complete') done();
    };
    const timer = setTimeout(done, PAGE_LOAD_MS);
    chrome.tabs.onUpdated.addListener(onUpdated);
    void chrome.tabs.get(tab.id!).then((now) => now.status === 'complete' && done(), done);
  });
  return chrome.tabs.get(tab.id!);
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
  /** What each notification said, for the test hook (Chromium has no DevTools command for notifications). */
  const shown = new Map<string, { title: string; message: string }>();

  function notify(kind: NoticeKind, run: ScheduledRun) {
    const { title, message } = describeNotice(kind, run);
    const id = noticeId(run);
    shown.set(id, { title, message });
    void chrome.notifications
      .create(id, {
        type: 'basic',
        iconUrl: chrome.runtime.getURL('/icon/128.png'),
        title,
        message,
        requireInteraction: kind === 'waiting',
      })
      .catch((e: unknown) => console.warn('notification', e));
  }

  const events = createScheduleRunEvents({ runs, conversations: deps.conversations, now: deps.now, notify });
  void deps.runtime.then((r) => r.subscribe(events.onEvent));

  async function start(task: ScheduledTask, run: ScheduledRun) {
    const checked = task.startUrl === undefined ? undefined : checkStartPage(task.startUrl);
    const tab = await openRunTab(checked?.ok ? checked.url : 'about:blank', task.name);
    startingTabs.set(tab.id!, task.id);
    await runs.update(run.key, { status: 'running', tabId: tab.id!, startedAt: deps.now() });
    const page: PanelPageContext = { url: tab.url ?? 'about:blank', title: tab.title ?? '', tabId: tab.id! };
    let port: PanelPortLike | undefined;
    const created = new Promise<string>((resolve) => {
      port = {
        postMessage(m) {
          if (m.type === 'conversation-created') resolve(m.conversation.id);
        },
      };
    });
    const sent = deps.chat.handle(port!, {
      type: 'send',
      conversationId: null,
      text: task.instruction,
      clientId: deps.generateId(),
      page,
      ...(task.model ? { model: task.model } : {}),
    });
    const conversationId = await Promise.race([created, sent.then(() => created)]);
    events.expect(conversationId, run.key);
    await runs.update(run.key, { conversationId });
    await sent.finally(() => deps.chat.detach(port!));
  }

  const runner = createScheduleRunner({
    listTasks: async () => (await deps.tasks.list()).tasks,
    runs,
    now: deps.now,
    sessionStart: () => (session ??= sessionStartOf(deps.now())),
    alarms: chrome.alarms,
    start,
    onSettled: (run) => notify(run.status === 'skipped' ? 'skipped' : 'failed', run),
  });
  // Runs under way when the worker stopped are followed again before anything new is fired.
  const ready = events.rebuild().catch((e: unknown) => console.error('scheduled runs on wake', e));
  const reconcile = () => ready.then(() => runner.reconcile());

  /** A click: the panel opens in the click's gesture (before any await), else the panel page opens in a tab. */
  function onNoticeClicked(id: string) {
    const parsed = parseNoticeId(id);
    if (!parsed) return;
    const opening =
      parsed.tabId === undefined ? Promise.reject(new Error('no tab')) : chrome.sidePanel.open({ tabId: parsed.tabId });
    opening.catch(() => undefined);
    void (async () => {
      const run = await runs.get(parsed.key);
      if (run?.conversationId)
        await chrome.storage.session.set({
          [PENDING_OPEN_KEY]: { conversationId: run.conversationId, createdAt: Date.now() },
        });
      const tab = parsed.tabId === undefined ? undefined : await chrome.tabs.get(parsed.tabId).catch(() => undefined);
      try {
        await opening;
        if (tab?.id !== undefined) {
          await chrome.tabs.update(tab.id, { active: true });
          await chrome.windows.update(tab.windowId, { focused: true });
        }
      } catch {
        // Without a gesture Chrome refuses sidePanel.open: the panel's page in a tab shows the same conversation.
        await chrome.tabs.create({
          url: chrome.runtime.getURL('/sidepanel.html'),
          ...(tab ? { windowId: tab.windowId, index: tab.index + 1 } : {}),
        });
      }
      await chrome.notifications.clear(id);
    })().catch((e: unknown) => console.error('opening a scheduled run', e));
  }

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
        tabwiseSchedules: { clickNotice: onNoticeClicked, shown: () => Object.fromEntries(shown) },
      });
      // Whatever woke the worker: what is due runs (a missed slot once), and the next alarms are set.
      void reconcile();
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
        const views = await Promise.all(
          list.map(async (r) => {
            const answer = r.conversationId
              ? (await store.listMessages(r.conversationId)).findLast((m) => m.role === 'assistant')
              : undefined;
            return {
              key: r.key,
              taskName: r.taskName,
              slot: r.slot,
              status: r.status,
              ...(r.missed ? { missed: r.missed } : {}),
              ...(r.startedAt ? { startedAt: r.startedAt } : {}),
              ...(r.finishedAt ? { finishedAt: r.finishedAt } : {}),
              ...(r.conversationId ? { conversationId: r.conversationId } : {}),
              ...(r.note ? { note: r.note } : {}),
              ...(answer
                ? {
                    answer: {
                      status: answer.status,
                      ...(answer.usage ? { usage: answer.usage } : {}),
                      ...(answer.model ? { model: answer.model } : {}),
                      ...(answer.price ? { price: answer.price } : {}),
                      ...(answer.unpriced ? { unpriced: answer.unpriced } : {}),
                    },
                  }
                : {}),
            };
          }),
        );
        return { runs: views, upcoming };
      },
    },
    clear: () => runs.clear(),
  };
}
