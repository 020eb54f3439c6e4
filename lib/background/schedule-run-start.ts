/**
 * Starting a scheduled run: its start page (or a blank tab) opens in a tab group of its own, and the task's
 * instruction is sent there as a new conversation through the chat service, with nobody watching.
 */
import { checkStartPage } from '../core/saved-task';
import type { ScheduledRun, ScheduledRunStore } from '../storage/scheduled-run-store';
import { t } from '../util/t';
import type { ChatService, PanelPortLike } from './chat-service';
import type { PanelPageContext } from './panel-port';
import type { ScheduledTask } from './schedule-runner';

const PAGE_LOAD_MS = 20_000;

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
      ...(task.model ? { model: task.model } : {}),
    });
    const conversationId = await Promise.race([created, sent.then(() => created)]);
    deps.expect(conversationId, run.key);
    await runs.update(run.key, { conversationId });
    await sent.finally(() => deps.chat.detach(port!));
  };
}
