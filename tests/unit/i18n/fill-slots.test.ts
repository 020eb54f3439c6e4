import { h } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fillSlots } from '../../../components/ui/fill-slots';

describe('fillSlots', () => {
  afterEach(() => vi.restoreAllMocks());

  it('puts elements where the English sentence has them, text around them as text', () => {
    const strong = h('strong', null, 'bank.example');
    expect(fillSlots('approval_on', strong)).toEqual(['on ', strong, '']);
  });

  it('follows the locale when it orders the placeholders differently', () => {
    // Japanese puts the p95 figure first in some sentences: the elements must follow the words, not the English order.
    vi.spyOn(chrome.i18n, 'getMessage').mockImplementation(
      (_key: string, subs?: string | (string | number)[]) => `p95 ${String(subs![1])}、標準 ${String(subs![0])}`,
    );
    const typical = h('span', { class: 'figure' }, '340 ms');
    expect(fillSlots('perf_typical_p95', typical, '900 ms')).toEqual(['p95 ', '900 ms', '、標準 ', typical, '']);
  });
});
