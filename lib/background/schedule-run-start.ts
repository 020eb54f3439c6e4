/**
 * Starting a scheduled run: its start page (or a blank tab) opens in a tab group of its own, and the task is run
 * there by id as a new conversation through the chat service, with nobody watching (a prompt task's instruction
 * goes to its model, a recording replays: task-run-plan.ts).
 */
import { checkStartPage } from '../core/saved-task';
import type { ScheduledRun, ScheduledRunStore } from '../storage/scheduled-run-store';
import { t } from '../util/t';
import type { ChatService, PanelPortLike } from './chat-service';
import { openTabAndWait } from './open-tab-and-wait';
import type { PanelPageContext } from './panel-port';
import type { ScheduledTask } from './schedule-runner';

/** A background tab for the run (in a window of its own if none is open), in a group named for the task. */
async function openRunTab(url: string, taskName: string): Promise<chrome.tabs.Tab> {
  const tab = await openTabAndWait(url, { active: false, windowIfNone: true });
  const groupId = await chrome.tabs.group({ tabIds: [tab.id!] });
  await chrome.tabGroups.update(groupId, { title: t('schedule_group_title', `/${taskName}`), collapsed: false });
  return tab;
}

export interface ScheduledRunStartDeps {
  now(): number;
  generateId(): string;
  chat: Pick<ChatService, 'handle' | 'detach'>;
  runs: Pick<ScheduledRunStore, 'update'>;
  /** Follows the run's conversation once it exists (schedule-run-events.ts). */
  expect(conversationId: string, key: string): void;
  /** Tabs a scheduled run is starting in → its task: the run's settings take the task's grant scope. */
  startingTabs: Map<number, string>;
}

export function createScheduledRunStart(deps: ScheduledRunStartDeps) {
  const { runs, startingTabs } = deps;
  return async function start(task: ScheduledTask, run: ScheduledRun) {
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
      // Run by id, as the panel runs a task: the worker plans it by its kind (task-run-plan.ts), so a recording
      // replays its steps rather than being sent to a model as its sentence. A scheduled task has no placeholders.
      task: { id: task.id, values: {} },
      ...(task.model ? { model: task.model } : {}),
    });
    const conversationId = await Promise.race([created, sent.then(() => created)]);
    deps.expect(conversationId, run.key);
    await runs.update(run.key, { conversationId });
    await sent.finally(() => deps.chat.detach(port!));
  };
}
