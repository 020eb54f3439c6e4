import { describe, expect, it } from 'vitest';
import {
  allowFilters,
  createRunOriginGuard,
  FIRST_RULE_ID,
  runOriginRules,
  type RunOriginRule,
} from '../../../../lib/tools/tabs/run-origin-rules';
import { area, fakeRules } from './fake-session-rules';

describe('run origin rules', () => {
  it('let through only the origin itself, anchored, and the https twin of a default-port http origin', () => {
    expect(allowFilters('https://bank.example')).toEqual(['|https://bank.example/']);
    expect(allowFilters('http://127.0.0.1:4100')).toEqual(['|http://127.0.0.1:4100/']);
    expect(allowFilters('http://shop.example')).toEqual(['|http://shop.example/', '|https://shop.example/']);
    for (const bad of ['null', 'chrome-extension://abc', 'file:///x', 'https://a.example/path', 'not a url'])
      expect(allowFilters(bad)).toEqual([]);
  });

  it("block every document request in the guarded tabs but to approved origins; other tabs and the extension's own requests are untouched", async () => {
    const dnr = fakeRules();
    const guard = createRunOriginGuard({ rules: dnr.api, area: area() });
    await guard.protect('r1', [7], ['https://bank.example']);
    expect(dnr.allows(7, 'https://bank.example/go?to=https://evil.example/')).toBe(true);
    expect(dnr.allows(7, 'https://evil.example/?s=SECRET')).toBe(false);
    expect(dnr.allows(7, 'https://evil.example/?s=SECRET', 'sub_frame')).toBe(false);
    expect(dnr.allows(7, 'https://bank.example.evil.example/')).toBe(false);
    expect(dnr.allows(7, 'http://bank.example/')).toBe(false);
    // The user's other tabs, and requests that are not documents (the worker's calls to a model provider).
    expect(dnr.allows(8, 'https://evil.example/?s=SECRET')).toBe(true);
    expect(dnr.allows(7, 'https://api.provider.example/v1/chat', 'xmlhttprequest')).toBe(true);
    for (const r of dnr.rules as RunOriginRule[]) {
      expect(r.condition.tabIds).toEqual([7]);
      expect(r.condition.resourceTypes).toEqual(['main_frame', 'sub_frame']);
    }
  });

  it('follow approvals, keep each run to its own origins, and go when the run ends', async () => {
    const dnr = fakeRules([{ id: 12_000 }]);
    const guard = createRunOriginGuard({ rules: dnr.api, area: area() });
    await guard.protect('r1', [7], ['https://bank.example']);
    await guard.protect('r2', [9], ['https://shop.example']);
    expect(dnr.allows(7, 'https://shop.example/')).toBe(false);
    await guard.protect('r1', [7], ['https://evil.example']);
    expect(dnr.allows(7, 'https://evil.example/')).toBe(true);
    expect(dnr.allows(9, 'https://evil.example/')).toBe(false);
    await guard.release('r1');
    expect(dnr.allows(7, 'https://anything.example/')).toBe(true);
    expect(dnr.allows(9, 'https://evil.example/')).toBe(false);
    await guard.release('r2');
    // Only this module's rules: the local-origin rule (12000) stays.
    expect(dnr.rules.map((r) => r.id)).toEqual([12_000]);
  });

  it('clear the rules of runs that are no longer running, at a worker start', async () => {
    const dnr = fakeRules();
    const store = area();
    await createRunOriginGuard({ rules: dnr.api, area: store }).protect('gone', [3], ['https://a.example']);
    await createRunOriginGuard({ rules: dnr.api, area: store }).protect('live', [4], ['https://b.example']);
    const restarted = createRunOriginGuard({ rules: dnr.api, area: store });
    await restarted.prune(async () => new Set(['live']));
    expect(dnr.allows(3, 'https://evil.example/')).toBe(true);
    expect(dnr.allows(4, 'https://evil.example/')).toBe(false);
    expect(dnr.allows(4, 'https://b.example/')).toBe(true);
  });

  it('unguard one tab of a run and keep the others', async () => {
    const dnr = fakeRules();
    const guard = createRunOriginGuard({ rules: dnr.api, area: area() });
    await guard.protect('r1', [7, 8], ['https://a.example']);
    await guard.unprotect('r1', 7);
    expect(dnr.allows(7, 'https://evil.example/')).toBe(true);
    expect(dnr.allows(8, 'https://evil.example/')).toBe(false);
  });

  it('reject when the rules cannot be set, and keep working after', async () => {
    const dnr = fakeRules();
    const guard = createRunOriginGuard({ rules: dnr.api, area: area() });
    dnr.failNext();
    await expect(guard.protect('r1', [7], ['https://a.example'])).rejects.toThrow(/quota/);
    await guard.protect('r1', [7], ['https://a.example']);
    expect(dnr.allows(7, 'https://evil.example/')).toBe(false);
    expect(dnr.rules[0]!.id).toBe(FIRST_RULE_ID);
  });

  it('overlapping changes do not collide on rule ids', async () => {
    const dnr = fakeRules();
    const guard = createRunOriginGuard({ rules: dnr.api, area: area() });
    await Promise.all([1, 2, 3, 4, 5].map((i) => guard.protect(`r${i}`, [i], [`https://s${i}.example`])));
    for (const i of [1, 2, 3, 4, 5]) {
      expect(dnr.allows(i, `https://s${i}.example/`)).toBe(true);
      expect(dnr.allows(i, `https://s${(i % 5) + 1}.example/`)).toBe(false);
    }
    expect(runOriginRules({})).toEqual([]);
  });

  it('report a stopped hop once, only to an origin the run was not approved for, and wait a grace for a late one', async () => {
    let clock = 1_000;
    const guard = createRunOriginGuard({ rules: fakeRules().api, area: area(), now: () => clock });
    await guard.protect('r1', [7], ['https://bank.example']);
    guard.blocked(7, 'https://evil.example/?s=SECRET');
    expect(guard.hasBlockedHop(7)).toBe(true);
    expect(await guard.takeBlockedHop('r1', 7)).toBe('https://evil.example');
    expect(guard.hasBlockedHop(7)).toBe(false);
    expect(await guard.takeBlockedHop('r1', 7)).toBeUndefined();
    // Another extension's block of an approved origin is not ours to report; nor a hop before `since`.
    guard.blocked(7, 'https://bank.example/ads');
    expect(await guard.takeBlockedHop('r1', 7)).toBeUndefined();
    guard.blocked(7, 'https://evil.example/old');
    clock = 2_000;
    expect(await guard.takeBlockedHop('r1', 7, { since: 1_500 })).toBeUndefined();
    // A hop that arrives during the grace ends the wait early.
    const started = Date.now();
    const late = guard.takeBlockedHop('r1', 7, { since: 2_000, graceMs: 2_000 });
    setTimeout(() => guard.blocked(7, 'https://late.example/x'), 20);
    expect(await late).toBe('https://late.example');
    expect(Date.now() - started).toBeLessThan(1_500);
    // A run with no rules has no hop to report.
    guard.blocked(7, 'https://evil.example/');
    expect(await guard.takeBlockedHop('other-run', 7)).toBeUndefined();
  });
});
