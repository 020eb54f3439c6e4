import { describe, expect, it } from 'vitest';
import { chartPoints, toPoints } from '../../../components/options/chart-paths';

const b = (count: number, p50: number) => ({ start: 0, end: 1, count, p50, p95: p50 * 2 });

describe('chartPoints', () => {
  it('scales the median to the chart; a span with nothing measured has no point (the line bridges it)', () => {
    const points = chartPoints([b(1, 0), b(2, 50), b(0, 0), b(1, 100)], (x) => x.p50, {
      width: 30,
      height: 10,
      max: 100,
    });
    expect(toPoints(points)).toBe('0.0,10.0 10.0,5.0 30.0,0.0');
  });
  it('a value above the maximum is drawn at the top, not outside the chart; one span sits in the middle', () => {
    expect(chartPoints([b(1, 500), b(1, 0)], (x) => x.p50, { width: 10, height: 10, max: 100 })).toEqual([
      [0, 0],
      [10, 10],
    ]);
    expect(chartPoints([b(3, 50)], (x) => x.p50, { width: 10, height: 10, max: 100 })).toEqual([[5, 5]]);
  });
});
