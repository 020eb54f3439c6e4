import { describe, expect, it } from 'vitest';
import { createFirstRun, type FirstRunDeps } from '../../../lib/background/first-run';

const ONBOARDING = 'chrome-extension://ext/options.html#onboarding';

function setup(hasProvider: boolean, openTabs: Partial<chrome.tabs.Tab>[] = []) {
  const tabs = [...openTabs];
  const actions: string[] = [];
  const deps: FirstRunDeps = {
    hasProvider: async () => hasProvider,
    urlOf: (p) => `chrome-extension://ext${p}`,
    tabs: {
      query: (async (q: chrome.tabs.QueryInfo) =>
        tabs.filter((t) => (t.url ?? t.pendingUrl ?? '').startsWith(String(q.url)))) as FirstRunDeps['tabs']['query'],
      create: (async (p: chrome.tabs.CreateProperties) => {
        // A real tab appears only after a while: overlapping calls must not each create one.
        await new Promise((r) => setTimeout(r, 5));
        actions.push(`create ${p.url}`);
        tabs.push({ id: tabs.length + 1, url: p.url });
        return {};
      }) as FirstRunDeps['tabs']['create'],
      update: (async (id: number) => {
        actions.push(`focus ${id}`);
        return {};
      }) as FirstRunDeps['tabs']['update'],
    },
  };
  return { firstRun: createFirstRun(deps), actions };
}

describe('createFirstRun', () => {
  it('opens one onboarding tab while no provider is set up, however often it is asked at once', async () => {
    const { firstRun, actions } = setup(false);
    await Promise.all([firstRun.openIfNeeded(), firstRun.openIfNeeded()]);
    expect(actions).toEqual([`create ${ONBOARDING}`]);
    await firstRun.openIfNeeded();
    expect(actions).toEqual([`create ${ONBOARDING}`, 'focus 1']);
  });

  it('focuses an onboarding tab that is already open', async () => {
    const { firstRun, actions } = setup(false, [
      { id: 4, url: 'chrome-extension://ext/options.html' },
      { id: 5, url: ONBOARDING },
    ]);
    await firstRun.openIfNeeded();
    expect(actions).toEqual(['focus 5']);
  });

  it('opens nothing once a provider is set up', async () => {
    const { firstRun, actions } = setup(true);
    await firstRun.openIfNeeded();
    expect(actions).toEqual([]);
  });
});
