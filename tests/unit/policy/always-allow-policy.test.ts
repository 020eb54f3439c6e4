/** "Always allow" turned off by policy, through the real approval gate of a run. */
import { describe, expect, it } from 'vitest';
import { textReply, toolCallsReply } from '../../../lib/agent/testing/fake-chat-model';
import { createPolicyFeature } from '../../../lib/background/create-policy-feature';
import { createInMemorySitePolicyStore } from '../../../lib/tools/site-policy-store';
import { siteKey } from '../../../lib/tools/site-policy-store';
import { echoTool, setup, until } from '../agent/harness';

const call = () => [toolCallsReply([{ id: 'a1', name: 'submit', input: { value: 'x' } }]), textReply('ok')];
const settings = { pageContext: { url: 'https://shop.example/cart', title: 'Cart' } };

function policyStore(values: Record<string, unknown>) {
  const feature = createPolicyFeature({
    managed: { get: async () => values },
    onChanged: { addListener() {} },
  });
  return feature;
}

describe('"always allow" off by policy', () => {
  it('the card does not offer it, and a grant given before is not used: the call is asked', async () => {
    const submit = echoTool('submit', { needsApproval: true, readOnly: false });
    const store = createInMemorySitePolicyStore();
    await store.allow(siteKey('https://shop.example'), 'submit');
    const gated = policyStore({ alwaysAllowOffered: false }).gateGrants(store);
    const s = setup({ tools: [submit.tool], scripts: call(), runtime: { sitePolicies: gated } });
    const h = await s.start('buy', settings);
    await until(() => s.events.some((e) => e.type === 'approval-requested'));
    expect(s.events.find((e) => e.type === 'approval-requested')).toMatchObject({ canAlwaysAllow: false });
    // An "always" that still arrives (an old card) is a one-off: nothing is stored.
    await s.runtime.resolveApproval(h.runId, 'a1', 'always');
    await h.done;
    expect(submit.executions).toHaveLength(1);
    // The grant given before the policy is revoked, not only ignored: Settings → Permissions lists none.
    expect(await store.list()).toEqual([]);
    expect(await store.isAllowed(siteKey(undefined), 'submit')).toBe(false);
  });

  it('turning "always allow" off while the worker runs revokes every grant; turning it on again restores none', async () => {
    const store = createInMemorySitePolicyStore();
    await store.allow(siteKey('https://shop.example'), 'submit');
    await store.allow(siteKey('https://mail.example'), 'click');
    let values: Record<string, unknown> = {};
    const listeners: Array<(changes: object, area: string) => void> = [];
    const feature = createPolicyFeature({
      managed: { get: async () => values },
      onChanged: { addListener: (l: (changes: object, area: string) => void) => void listeners.push(l) },
    });
    const gated = feature.gateGrants(store);
    await until(async () => (await gated.list()).length === 2);
    values = { alwaysAllowOffered: false };
    for (const l of listeners) l({ alwaysAllowOffered: { newValue: false } }, 'managed');
    await until(async () => (await store.list()).length === 0);
    values = {};
    for (const l of listeners) l({ alwaysAllowOffered: {} }, 'managed');
    await new Promise((r) => setTimeout(r, 20));
    expect(await store.list()).toEqual([]);
    expect(await gated.offersAlways!()).toBe(true);
  });

  it('without the policy the same grant is used and no card is shown', async () => {
    const submit = echoTool('submit', { needsApproval: true, readOnly: false });
    const store = createInMemorySitePolicyStore();
    await store.allow(siteKey('https://shop.example'), 'submit');
    const s = setup({
      tools: [submit.tool],
      scripts: call(),
      runtime: { sitePolicies: policyStore({}).gateGrants(store) },
    });
    await (
      await s.start('buy', settings)
    ).done;
    expect(s.events.some((e) => e.type === 'approval-requested')).toBe(false);
    expect(submit.executions).toHaveLength(1);
  });
});
