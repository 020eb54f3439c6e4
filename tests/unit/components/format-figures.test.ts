import { describe, expect, it } from 'vitest';
import {
  formatAgo,
  formatBytes,
  formatCount,
  formatDuration,
  formatMs,
  formatPercent,
} from '../../../components/options/format-figures';

describe('figures in words', () => {
  it('counts with separators and the right noun', () => {
    expect(formatCount(1204, 'page')).toBe('1,204 pages');
    expect(formatCount(1, 'page')).toBe('1 page');
    expect(formatCount(0, 'search')).toBe('0 searches');
  });
  it('sizes, durations and shares', () => {
    expect(formatBytes(38 * 1024 * 1024 + 5000)).toBe('38 MB');
    expect(formatBytes(900)).toBe('900 B');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatMs(340.4)).toBe('340 ms');
    expect(formatMs(1250)).toBe('1.3 s');
    expect(formatMs(125_000)).toBe('2 min 5 s');
    expect(formatPercent(0.384)).toBe('38%');
  });
  it('how long ago', () => {
    const now = 10_000_000;
    expect(formatAgo(now - 10_000, now)).toBe('just now');
    expect(formatAgo(now - 120_000, now)).toBe('2 minutes ago');
    expect(formatAgo(now - 60_000, now)).toBe('1 minute ago');
    expect(formatAgo(now - 3 * 3600_000, now)).toBe('3 hours ago');
    expect(formatAgo(now - 5 * 86_400_000, now)).toBe('5 days ago');
    expect(formatAgo(now + 5000, now)).toBe('just now');
  });
  it('stretches of time', () => {
    expect(formatDuration(40_000)).toBe('40 seconds');
    expect(formatDuration(12 * 60_000)).toBe('12 minutes');
    expect(formatDuration(3 * 3600_000)).toBe('3 hours');
    expect(formatDuration(5 * 86_400_000)).toBe('5 days');
  });
});
