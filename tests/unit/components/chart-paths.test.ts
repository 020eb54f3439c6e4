import { describe, expect, it } from 'vitest';
import { chartSegments } from '../../../components/options/chart-paths';

const b = (count: number, p50: number) => ({ start: 0, end: 1, count, p50, p95: p50 * 2 });

describe('chartSegments', () => {
  it('scales the median to the chart and breaks the line where nothing was measured', () => {
    const segs = chartSegments([b(1, 0), b(2, 50), b(0, 0), b(1, 100)], (x) => x.p50, { width: 30, height: 10, max: 100 });
    expect(segs).toEqual(['0.0,10.0 10.0,5.0', '30.0,0.0']);
  });
  it('a value above the maximum is drawn at the top, not outside the chart', () => {
    expect(chartSegments([b(1, 500), b(1, 0)], (x) => x.p50, { width: 10, height: 10, max: 100 })).toEqual(['0.0,0.0 10.0,10.0']);
  });
});
