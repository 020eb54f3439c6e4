/**
 * What a scheduled run tells the user, as a Chrome notification: waiting for an approval, finished, failed,
 * stopped, skipped. The notification's id carries the run's tab, so a click can open the panel at once (Chrome
 * opens it only inside the click's user gesture, before anything is awaited).
 */
import type { ScheduledRun } from '../storage/scheduled-run-store';
import { t } from '../util/t';

export type NoticeKind = 'waiting' | 'done' | 'failed' | 'stopped' | 'skipped';

const NOTICE_PREFIX = 'tabwise-run|';

/** `tabwise-run|<tabId or ->|<record key>`. */
export const noticeId = (run: Pick<ScheduledRun, 'key' | 'tabId'>) => `${NOTICE_PREFIX}${run.tabId ?? '-'}|${run.key}`;

export function parseNoticeId(id: string): { tabId?: number; key: string } | undefined {
  if (!id.startsWith(NOTICE_PREFIX)) return undefined;
  const rest = id.slice(NOTICE_PREFIX.length);
  const bar = rest.indexOf('|');
  if (bar < 0) return undefined;
  const tab = rest.slice(0, bar);
  const key = rest.slice(bar + 1);
  if (!key) return undefined;
  return /^\d{1,12}$/.test(tab) ? { tabId: Number(tab), key } : { key };
}

export function describeNotice(kind: NoticeKind, run: Pick<ScheduledRun, 'taskName' | 'note'>) {
  const name = `/${run.taskName}`;
  switch (kind) {
    case 'waiting':
      return { title: t('schedule_notice_waiting_title', name), message: t('schedule_notice_waiting') };
    case 'done':
      return { title: t('schedule_notice_done_title', name), message: t('schedule_notice_done') };
    case 'failed':
      return { title: t('schedule_notice_failed_title', name), message: run.note ?? t('schedule_notice_failed') };
    case 'stopped':
      return { title: t('schedule_notice_stopped_title', name), message: t('schedule_notice_stopped') };
    case 'skipped':
      return { title: t('schedule_notice_skipped_title', name), message: t('schedule_notice_skipped') };
  }
}
