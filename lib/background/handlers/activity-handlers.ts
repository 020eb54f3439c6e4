/** activity.*: Settings → Activity: the log searched newest first, its exports, and how long it is kept. */
import { activityFileName, activityToCsv, activityToJson } from '../../agent/activity-export';
import type { ActivityStore } from '../../agent/activity-store';
import type { Awaitable, HandlerSet } from './handler-set';

/** Most lines one page of the view shows; the rest are counted ("N more"), and the search narrows them. */
export const ACTIVITY_PAGE_LIMIT = 200;

export function createActivityHandlers(deps: {
  store: Awaitable<ActivityStore>;
  now(): number;
}): HandlerSet<'activity.list' | 'activity.export' | 'activity.setRetention'> {
  return {
    'activity.list': async ({ text, limit }) => {
      const store = await deps.store;
      const [page, retentionDays] = await Promise.all([
        store.list({ ...(text ? { text } : {}), limit: limit ?? ACTIVITY_PAGE_LIMIT }),
        store.retentionDays(),
      ]);
      return { ...page, retentionDays };
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
