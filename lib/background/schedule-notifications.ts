/**
 * A scheduled run's Chrome notifications: showing one (remembered for the test hook) and what a click on one does:
 * open the panel on the run's tab, showing the run's conversation (what it says is schedule-notices.ts).
 */
import type { ScheduledRun, ScheduledRunStore } from '../storage/scheduled-run-store';
import { PENDING_OPEN_KEY } from './pending-open';
import { describeNotice, noticeId, parseNoticeId, type NoticeKind } from './schedule-notices';

export function createScheduleNotifier() {
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

  return { notify, shown: () => Object.fromEntries(shown) };
}

/** A click: the panel opens in the click's gesture (before any await), else the panel page opens in a tab. */
export function createNoticeClickHandler(runs: Pick<ScheduledRunStore, 'get'>) {
  return function onNoticeClicked(id: string) {
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
  };
}
