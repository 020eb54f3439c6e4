/** activity.*: Settings → Activity: the log searched newest first, its exports, and how long it is kept. */
import { activityFileName, activityToCsv, activityToJson } from '../../agent/activity-export';
import type { ActivityStore } from '../../agent/activity-store';
import type { AuditOutbox, AuditUploadView } from '../../agent/audit-outbox';
import type { Awaitable, HandlerSet } from './handler-set';

/** Most lines one page of the view shows; the rest are counted ("N more"), and the search narrows them. */
export const ACTIVITY_PAGE_LIMIT = 200;

export function createActivityHandlers(deps: {
  store: Awaitable<ActivityStore>;
  now(): number;
  upload?: { outbox: AuditOutbox; teamOf(): Promise<{ name: string; others: number } | undefined> };
}): HandlerSet<'activity.list' | 'activity.export' | 'activity.setRetention'> {
  const uploadView = async (): Promise<AuditUploadView | undefined> => {
    if (!deps.upload) return undefined;
    const { outbox, teamOf } = deps.upload;
    const [waiting, state, team] = await Promise.all([outbox.count(), outbox.state(), teamOf().catch(() => undefined)]);
    if (!team && waiting === 0) return undefined;
    return {
      waiting,
      ...(waiting > 0 && state.nextAttemptAt !== undefined ? { nextAttemptAt: state.nextAttemptAt } : {}),
      ...(waiting > 0 && state.lastError ? { lastError: state.lastError } : {}),
      ...(team ? { team: { name: team.name, others: team.others } } : {}),
    };
  };
  return {
    'activity.list': async ({ text, limit }) => {
      const store = await deps.store;
      const [page, retentionDays, upload] = await Promise.all([
        store.list({ ...(text ? { text } : {}), limit: limit ?? ACTIVITY_PAGE_LIMIT }),
        store.retentionDays(),
        uploadView(),
      ]);
      return { ...page, retentionDays, ...(upload ? { upload } : {}) };
    },
    // Everything the search matches, not only the page shown: an export is for the record.
    'activity.export': async ({ format, text }) => {
      const { lines } = await (await deps.store).list(text ? { text } : {});
      const at = deps.now();
      return {
        text: format === 'csv' ? activityToCsv(lines) : activityToJson(lines, at),
        fileName: activityFileName(at, format),
        count: lines.length,
      };
    },
    'activity.setRetention': async ({ days }) => {
      const store = await deps.store;
      const retentionDays = await store.setRetentionDays(days);
      await store.prune(deps.now());
      return { retentionDays };
    },
  };
}
