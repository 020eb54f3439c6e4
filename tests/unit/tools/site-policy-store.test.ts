import { describe, expect, it } from 'vitest';
import {
  NO_SITE,
  createInMemorySitePolicyStore,
  readStoredGrant,
  siteKey,
  sortGrants,
} from '../../../lib/tools/site-policy-store';

describe('the grants store (in memory)', () => {
  it('records when each grant was given and lists them newest first', async () => {
    let now = 1000;
    const store = createInMemorySitePolicyStore(() => now);
    await store.allow('https://a.example', 'fill_form');
    now = 2000;
    await store.allow('https://b.example', 'navigate');
    await store.allow('https://c.example', 'fetch_url', 500);
    expect(await store.list()).toEqual([
      { site: 'https://b.example', toolName: 'navigate', givenAt: 2000 },
      { site: 'https://a.example', toolName: 'fill_form', givenAt: 1000 },
      { site: 'https://c.example', toolName: 'fetch_url', givenAt: 500 },
    ]);
  });

  it('revoke takes one grant away; revokeAll takes every grant and says how many', async () => {
    const store = createInMemorySitePolicyStore(() => 1);
    await store.allow('https://a.example', 'fill_form');
    await store.allow('https://a.example', 'navigate');
    await store.allow(siteKey(undefined), 'memory_save');
    await store.revoke('https://a.example', 'navigate');
    expect(await store.isAllowed('https://a.example', 'navigate')).toBe(false);
    expect(await store.isAllowed('https://a.example', 'fill_form')).toBe(true);
    expect(await store.revokeAll()).toBe(2);
    expect(await store.list()).toEqual([]);
    expect(await store.isAllowed('https://a.example', 'fill_form')).toBe(false);
    expect(await store.isAllowed(NO_SITE, 'memory_save')).toBe(false);
    expect(await store.revokeAll()).toBe(0);
  });
});

describe('readStoredGrant', () => {
  it('reads a timed grant, and a grant stored before grants were timed as given "earlier" (no time)', () => {
    expect(readStoredGrant({ site: 'https://a.example', toolName: 'click', allowedAt: 42 })).toEqual({
      site: 'https://a.example',
      toolName: 'click',
      givenAt: 42,
    });
    expect(readStoredGrant({ site: 'https://a.example', toolName: 'click' })).toEqual({
      site: 'https://a.example',
      toolName: 'click',
    });
    expect(readStoredGrant({ site: 'https://a.example', toolName: 'click', allowedAt: 'yesterday' })).toEqual({
      site: 'https://a.example',
      toolName: 'click',
    });
  });

  it('skips a corrupt record instead of throwing', () => {
    for (const junk of [
      null,
      7,
      'x',
      [],
      {},
      { site: 3, toolName: 'click' },
      { site: 'https://a.example' },
      { site: '', toolName: 'x' },
    ])
      expect(readStoredGrant(junk)).toBeUndefined();
  });

  it('sorts untimed grants after timed ones, then by site and tool', () => {
    expect(
      sortGrants([
        { site: 'https://b', toolName: 't' },
        { site: 'https://a', toolName: 't' },
        { site: 'https://z', toolName: 't', givenAt: 5 },
      ]).map((g) => g.site),
    ).toEqual(['https://z', 'https://a', 'https://b']);
  });
});
