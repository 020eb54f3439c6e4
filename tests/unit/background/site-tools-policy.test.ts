/** "Use the tools sites offer" under the organisation's policy: the relay's registration follows the policy's value. */
import { describe, expect, it } from 'vitest';
import { createPolicyFeature } from '../../../lib/background/create-policy-feature';
import {
  createSiteToolsRelaySync,
  followSiteToolsSwitch,
  RELAY_SCRIPT,
} from '../../../lib/background/sync-site-tools-relay';
import { parseManagedPolicy } from '../../../lib/policy/managed-policy';
import { siteToolsOn } from '../../../lib/policy/policy-site-tools';

/** chrome.scripting's registrations, kept in memory. */
function fakeRegistry() {
  const ids = new Set<string>();
  return {
    ids,
    getRegisteredContentScripts: async (f?: { ids?: string[] }) =>
      [...ids].filter((id) => !f?.ids || f.ids.includes(id)).map((id) => ({ id })),
    registerContentScripts: async (scripts: { id: string }[]) => void scripts.forEach((s) => ids.add(s.id)),
    unregisterContentScripts: async (f?: { ids?: string[] }) => void f?.ids?.forEach((id) => ids.delete(id)),
  };
}

/** chrome.storage's managed area and its change event. */
function managedStorage(values: Record<string, unknown>) {
  const listeners: ((c: object, area: string) => void)[] = [];
  return {
    storage: {
      managed: { get: async () => values },
      onChanged: { addListener: (l: (c: object, area: string) => void) => listeners.push(l) },
    },
    change(next: Record<string, unknown>) {
      values = next;
      for (const l of listeners) l({}, 'managed');
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

describe('siteToolsOn', () => {
  it('is the policy’s value when it sets one, else the user’s switch (off by default)', () => {
    expect(siteToolsOn({}, undefined)).toBe(false);
    expect(siteToolsOn({}, true)).toBe(true);
    expect(siteToolsOn({ useSiteTools: false }, true)).toBe(false);
    expect(siteToolsOn({ useSiteTools: true }, false)).toBe(true);
  });

  it('takes only a boolean from the policy', () => {
    expect(parseManagedPolicy({ useSiteTools: false }).policy).toEqual({ useSiteTools: false });
    const bad = parseManagedPolicy({ useSiteTools: 'yes' });
    expect(bad.policy).toEqual({});
    expect(bad.rejected.map((r) => r.key)).toEqual(['useSiteTools']);
  });
});

describe('the relay follows the switch and the policy', () => {
  it('forced off: the user turning it on registers nothing, and lifting the policy gives the user’s value back', async () => {
    const registry = fakeRegistry();
    const managed = managedStorage({ useSiteTools: false });
    const relay = createSiteToolsRelaySync(registry);
    const onSettings = followSiteToolsSwitch(relay, createPolicyFeature(managed.storage));
    await onSettings({ useSiteTools: true } as never);
    expect(registry.ids.has(RELAY_SCRIPT.id)).toBe(false);
    expect(await relay.enabled()).toBe(false);
    managed.change({});
    await settle();
    expect(registry.ids.has(RELAY_SCRIPT.id)).toBe(true);
    expect(await relay.enabled()).toBe(true);
  });

  it('forced on: registered with the switch off, and a policy change to off unregisters it at once', async () => {
    const registry = fakeRegistry();
    const managed = managedStorage({ useSiteTools: true });
    const relay = createSiteToolsRelaySync(registry);
    const onSettings = followSiteToolsSwitch(relay, createPolicyFeature(managed.storage));
    await onSettings({} as never);
    expect(registry.ids.has(RELAY_SCRIPT.id)).toBe(true);
    managed.change({ useSiteTools: false });
    await settle();
    expect(registry.ids.has(RELAY_SCRIPT.id)).toBe(false);
    expect(await relay.enabled()).toBe(false);
  });
});
