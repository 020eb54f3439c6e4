import { describe, expect, it } from 'vitest';
import { createPolicySource, type ManagedStorage } from '../../../lib/policy/policy-source';
import type { PolicyReading } from '../../../lib/policy/managed-policy';

function fakeStorage(initial: Record<string, unknown>) {
  let values = initial;
  const listeners: ((changes: object, area: string) => void)[] = [];
  const storage: ManagedStorage = {
    managed: { get: async () => structuredClone(values) },
    onChanged: { addListener: (l) => listeners.push(l) },
  };
  return {
    storage,
    set(next: Record<string, unknown>, area = 'managed') {
      values = next;
      for (const l of listeners) l({}, area);
    },
  };
}

describe('createPolicySource', () => {
  it('reads the managed area, and reads it again on every change to it', async () => {
    const fake = fakeStorage({ alwaysAllowOffered: false });
    const source = createPolicySource(fake.storage);
    expect((await source.current()).policy).toEqual({ alwaysAllowOffered: false });
    const seen: PolicyReading[] = [];
    source.subscribe((r) => seen.push(r));
    fake.set({ customInstructions: 'x', bogus: 1 });
    const now = await source.current();
    expect(now.policy).toEqual({ customInstructions: 'x' });
    expect(now.rejected.map((r) => r.key)).toEqual(['bogus']);
    expect(seen).toHaveLength(1);
  });

  it('ignores changes to other areas', async () => {
    const fake = fakeStorage({ signInRequired: true });
    const source = createPolicySource(fake.storage);
    await source.current();
    const seen: PolicyReading[] = [];
    source.subscribe((r) => seen.push(r));
    fake.set({}, 'local');
    expect((await source.current()).policy).toEqual({ signInRequired: true });
    expect(seen).toEqual([]);
  });

  it('a failed read keeps no policy rather than throwing', async () => {
    const source = createPolicySource({
      managed: { get: () => Promise.reject(new Error('no managed storage')) },
      onChanged: { addListener() {} },
    });
    expect(await source.current()).toEqual({ policy: {}, rejected: [] });
  });
});
