import { describe, expect, it } from 'vitest';
import { groupByDay } from '../../../components/sidepanel/group-by-day';

describe('history grouped by day', () => {
  it('Today, Yesterday, Last 7 days, Older by local calendar day; empty groups left out; order kept', () => {
    const now = new Date(2026, 10, 27, 9, 30).getTime(); // a Friday morning, local time
    const at = (d: number, h = 12) => new Date(2026, 10, 27 - d, h).getTime();
    const items = [
      { id: 'this-morning', t: new Date(2026, 10, 27, 0, 5).getTime() },
      { id: 'late-yesterday', t: at(1, 23) },
      { id: 'early-yesterday', t: new Date(2026, 10, 26, 0, 0).getTime() },
      { id: 'six-days', t: at(6, 1) },
      { id: 'seven-days', t: at(7, 23) },
    ];
    const groups = groupByDay(items, (i) => i.t, now);
    expect(groups.map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ['history_today', ['this-morning']],
      ['history_yesterday', ['late-yesterday', 'early-yesterday']],
      ['history_last_7_days', ['six-days']],
      ['history_older', ['seven-days']],
    ]);
    expect(groupByDay([items[3]!], (i) => i.t, now).map((g) => g.label)).toEqual(['history_last_7_days']);
  });
});
