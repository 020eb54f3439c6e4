/** openTabAndWait: the one tab opener of a task's start page, a comparison's run and a scheduled run. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openTabAndWait, type TabOpenerApis } from '../../../lib/background/open-tab-and-wait';

type Listener = (id: number, change: { status?: string }) => void;

/** Tabs that load when the test says so; `created` records how each was asked for. */
function fakeTabs(opts: { loadedAtOnce?: boolean; noWindow?: boolean } = {}) {
  const listeners = new Set<Listener>();
  const tabs = new Map<number, chrome.tabs.Tab>();
  const created: { url: string; active?: boolean; via: 'tab' | 'window'; focused?: boolean }[] = [];
  let next = 10;
  const make = (url: string, active: boolean) => {
    const tab = { id: next++, url: 'about:blank', title: '', status: 'loading', active } as chrome.tabs.Tab;
    if (opts.loadedAtOnce) Object.assign(tab, { url, title: 'Loaded', status: 'complete' });
    tabs.set(tab.id!, tab);
    return { ...tab };
  };
  const apis: TabOpenerApis = {
    tabs: {
      create: (async (p: { url: string; active: boolean }) => {
        if (opts.noWindow) throw new Error('No current window');
        created.push({ url: p.url, active: p.active, via: 'tab' });
        return make(p.url, p.active);
      }) as never,
      get: (async (id: number) => {
        const tab = tabs.get(id);
        if (!tab) throw new Error(`No tab with id: ${id}`);
        return { ...tab };
      }) as never,
      onUpdated: {
        addListener: ((l: Listener) => void listeners.add(l)) as never,
        removeListener: ((l: Listener) => void listeners.delete(l)) as never,
      },
    },
    windows: {
      create: (async (p: { url: string; focused: boolean }) => {
        created.push({ url: p.url, via: 'window', focused: p.focused });
        return { id: 1, tabs: [make(p.url, true)] };
      }) as never,
    },
  };
  const load = (id: number, url: string, title: string) => {
    const tab = tabs.get(id);
    if (tab) Object.assign(tab, { url, title, status: 'complete' });
    for (const l of [...listeners]) l(id, { status: 'complete' });
  };
  return { apis, created, load, listeners };
}

afterEach(() => vi.useRealTimers());

describe('openTabAndWait', () => {
  it('resolves only once the tab has loaded, with what it shows then', async () => {
    const f = fakeTabs();
    let resolved: chrome.tabs.Tab | undefined;
    const opened = openTabAndWait('https://shop.example/', { active: true, apis: f.apis }).then((t) => (resolved = t));
    await new Promise((r) => setTimeout(r, 20));
    expect(resolved).toBeUndefined();
    // Another tab loading is not this one.
    f.load(99, 'https://other.example/', 'Other');
    f.load(10, 'https://shop.example/', 'Shop');
    await opened;
    expect(resolved).toMatchObject({ id: 10, url: 'https://shop.example/', title: 'Shop', status: 'complete' });
    expect(f.created).toEqual([{ url: 'https://shop.example/', active: true, via: 'tab' }]);
    expect(f.listeners.size).toBe(0);
  });

  it('does not wait for a tab that had loaded before the listener was there', async () => {
    const f = fakeTabs({ loadedAtOnce: true });
    const tab = await openTabAndWait('https://fast.example/', { active: false, apis: f.apis, loadMs: 60_000 });
    expect(tab).toMatchObject({ id: 10, title: 'Loaded', active: false });
    expect(f.listeners.size).toBe(0);
  });

  it('goes on with a page still loading once the wait is over', async () => {
    vi.useFakeTimers();
    const f = fakeTabs();
    const opened = openTabAndWait('https://slow.example/', { active: true, apis: f.apis, loadMs: 5000 });
    await vi.advanceTimersByTimeAsync(4999);
    let done = false;
    void opened.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await opened).toMatchObject({ id: 10, status: 'loading' });
    expect(f.listeners.size).toBe(0);
  });

  it('opens a window of its own when none is open, only when asked to', async () => {
    const f = fakeTabs({ noWindow: true, loadedAtOnce: true });
    await expect(openTabAndWait('https://x.example/', { active: true, apis: f.apis })).rejects.toThrow(
      'No current window',
    );
    const tab = await openTabAndWait('https://x.example/', { active: false, windowIfNone: true, apis: f.apis });
    expect(tab.id).toBe(10);
    expect(f.created).toEqual([{ url: 'https://x.example/', via: 'window', focused: false }]);
  });
});
