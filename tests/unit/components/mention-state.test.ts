import { describe, expect, it } from 'vitest';
import { createMentionState, mentionAt } from '../../../components/sidepanel/mention-state';

const tabs = [
  { tabId: 7, title: 'Order details', host: 'shop.example' },
  { tabId: 9, title: 'Inbox', host: 'mail.example' },
];

describe('mention state', () => {
  it('finds the @word being typed before the caret, and nothing inside an address', () => {
    expect(mentionAt('compare with @ord', 17)).toEqual({ start: 13, query: 'ord' });
    expect(mentionAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionAt('mail me at a@b.example', 22)).toBeUndefined();
    expect(mentionAt('@ord and more', 13)).toBeUndefined();
  });

  it('narrows by title or host, moves around, chooses one, and offers no tab the message box already mentions', async () => {
    const m = createMentionState(async () => tabs);
    await m.show('');
    expect(m.options.value.map((t) => t.tabId)).toEqual([7, 9]);
    await m.show('mail');
    expect(m.options.value.map((t) => t.tabId)).toEqual([9]);
    await m.show('');
    m.move(1);
    m.move(1);
    expect(m.active.value).toBe(0);
    m.move(-1);
    expect(m.choose()).toEqual(tabs[1]);
    expect(m.open.value).toBe(false);
    // The box now holds a pill for it (composer-box.ts): a tab already mentioned is not offered again.
    m.sync([{ tabId: 9 }]);
    await m.show('');
    expect(m.options.value.map((t) => t.tabId)).toEqual([7]);
    // Its pill taken out: offered again.
    m.sync([]);
    expect(m.options.value.map((t) => t.tabId)).toEqual([7, 9]);
    expect(m.choose(5)).toBeUndefined();
  });

  it('typing faster than the tabs are listed: the last key decides, and Esc while listing keeps the menu closed', async () => {
    const pending: (() => void)[] = [];
    const slowList = () => new Promise<typeof tabs>((resolve) => pending.push(() => resolve(tabs)));
    const m = createMentionState(slowList);
    const shown = [m.show(''), m.show('o')];
    pending.shift()!();
    await shown[0];
    expect(m.open.value).toBe(false);
    const later = [m.show('or'), m.show('ord')];
    for (const release of pending.splice(0)) release();
    await Promise.all([...shown, ...later]);
    expect(m.open.value).toBe(true);
    expect(m.options.value.map((t) => t.tabId)).toEqual([7]);

    m.close();
    const again = m.show('');
    m.close();
    for (const release of pending.splice(0)) release();
    await again;
    expect(m.open.value).toBe(false);
  });
});
