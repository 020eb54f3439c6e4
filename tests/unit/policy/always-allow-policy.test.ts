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
    expect(await store.isAllowed(siteKey('https://shop.example'), 'submit')).toBe(true);
    expect(await store.isAllowed(siteKey(undefined), 'submit')).toBe(false);
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
