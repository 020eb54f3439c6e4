/** The history list's sections: Today, Yesterday, Last 7 days, Older, by the day a conversation was last active. */
import type { MessageKey } from '../../lib/util/t';

export interface DayGroup<T> {
  label: MessageKey;
  items: T[];
}

const LABELS: MessageKey[] = ['history_today', 'history_yesterday', 'history_last_7_days', 'history_older'];

/** Local midnight of the day `ms` falls in. */
const startOfDay = (ms: number) => {
  const d = new Date(ms);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
};

/** Groups `items` (newest first, as listed) by local calendar day relative to `now`; empty groups are left out. */
export function groupByDay<T>(items: T[], at: (item: T) => number, now: number): DayGroup<T>[] {
  const today = startOfDay(now);
  const yesterday = startOfDay(today - 1);
  const weekAgo = startOfDay(today - 6 * 86_400_000 + 43_200_000);
  const groups: T[][] = [[], [], [], []];
  for (const item of items) {
    const t = at(item);
    groups[t >= today ? 0 : t >= yesterday ? 1 : t >= weekAgo ? 2 : 3]!.push(item);
  }
  return groups.flatMap((g, i) => (g.length ? [{ label: LABELS[i]!, items: g }] : []));
}
