import { describe, expect, it } from 'vitest';
import { textReply, toolCallsReply } from '../../../lib/agent/testing/fake-chat-model';
import { echoTool, setup, until } from './harness';

const scripts = () => [toolCallsReply([{ id: 'a1', name: 'submit', input: { value: 'order #5' } }]), textReply('ok')];
const settings = { pageContext: { url: 'https://shop.example/cart?x=1', title: 'Cart' } };

async function startAndAwaitApproval(s: ReturnType<typeof setup>) {
  const h = await s.start('buy it', settings);
  await until(() => s.events.some((e) => e.type === 'approval-requested'));
  return h;
}

describe('approvals', () => {
  it('pauses with a readable preview and runs the tool once approved', async () => {
    const submit = echoTool('submit', { needsApproval: true, readOnly: false });
    const s = setup({ tools: [submit.tool], scripts: scripts() });
    const h = await startAndAwaitApproval(s);
    expect(submit.executions).toHaveLength(0);
    expect(s.events.find((e) => e.type === 'approval-requested')).toEqual({
      type: 'approval-requested',
      runId: h.runId,
      toolCallId: 'a1',
      toolName: 'submit',
      input: { value: 'order #5' },
      preview: 'submit\n  value: order #5',
      canAlwaysAllow: true,
      origin: 'https://shop.example',
    });
    const snap = await s.journal.read(h.runId);
    expect(snap!.approvals[0]).toMatchObject({ status: 'pending', site: 'https://shop.example' });
    await s.runtime.resolveApproval(h.runId, 'a1', 'approved');
    const r = await h.done;
    expect(r.reason).toBe('stop');
    expect(submit.executions).toHaveLength(1);
    expect(s.events).toContainEqual({
      type: 'approval-resolved',
      runId: h.runId,
      toolCallId: 'a1',
      decision: 'approved',
    });
  });

  it('deny returns an error result "denied by the user" and does not run the tool', async () => {
    const submit = echoTool('submit', { needsApproval: true, readOnly: false });
    const s = setup({ tools: [submit.tool], scripts: scripts() });
    const h = await startAndAwaitApproval(s);
    await s.runtime.resolveApproval(h.runId, 'a1', 'denied');
    await h.done;
    expect(submit.executions).toHaveLength(0);
    const result = s.model.calls[1]!.messages.at(-1)!.content[0]!;
    expect(result).toMatchObject({ type: 'tool-result', isError: true });
    expect(result.type === 'tool-result' && result.output).toMatch(/denied by the user/);
  });

  it('"always" allows the tool on this site without asking again, but not on another site', async () => {
    const submit = echoTool('submit', { needsApproval: true, readOnly: false });
    const s = setup({ tools: [submit.tool], scripts: [...scripts(), ...scripts(), ...scripts()] });
    const h = await startAndAwaitApproval(s);
    await s.runtime.resolveApproval(h.runId, 'a1', 'always');
    await h.done;
    expect(await s.sitePolicies.isAllowed('https://shop.example', 'submit')).toBe(true);

    const before = s.events.filter((e) => e.type === 'approval-requested').length;
    const h2 = await s.start('again', { pageContext: { url: 'https://shop.example/other' } });
    await h2.done;
    expect(s.events.filter((e) => e.type === 'approval-requested').length).toBe(before);
    expect(submit.executions).toHaveLength(2);

    const h3 = await s.start('elsewhere', { pageContext: { url: 'https://bank.example/' } });
    await until(() => s.events.filter((e) => e.type === 'approval-requested').length === before + 1);
    await s.runtime.resolveApproval(h3.runId, 'a1', 'denied');
    await h3.done;
    expect(submit.executions).toHaveLength(2);
  });

  it('stopping while an approval waits cancels it and does not run the tool', async () => {
    const submit = echoTool('submit', { needsApproval: true, readOnly: false });
    const s = setup({ tools: [submit.tool], scripts: scripts() });
    const h = await startAndAwaitApproval(s);
    await s.runtime.stop(h.runId);
    expect((await h.done).reason).toBe('stopped');
    const snap = await s.journal.read(h.runId);
    expect(snap!.approvals[0]!.status).toBe('cancelled');
    expect(snap!.toolCalls[0]).toMatchObject({ status: 'done', outcome: 'stopped' });
    expect(submit.executions).toHaveLength(0);
  });

  it('answers a decision for an unknown approval as closed, without throwing', async () => {
    const s = setup({ tools: [], scripts: [textReply('x')] });
    const h = await s.start('q');
    await h.done;
    expect(await s.runtime.resolveApproval(h.runId, 'nope', 'approved')).toEqual({ outcome: 'closed' });
    expect(await s.runtime.resolveApproval('no-such-run', 'nope', 'approved')).toEqual({ outcome: 'closed' });
  });

  it('a tool that must always be asked takes "always" as a one-off, asks again next time, and says so in the event', async () => {
    const submit = echoTool('submit', { needsApproval: true, readOnly: false });
    const tool = { ...submit.tool, alwaysAsk: true };
    const s = setup({ tools: [tool], scripts: [...scripts(), ...scripts()] });
    const h = await startAndAwaitApproval(s);
    expect(s.events.find((e) => e.type === 'approval-requested')).toMatchObject({ canAlwaysAllow: false });
    await s.runtime.resolveApproval(h.runId, 'a1', 'always');
    await h.done;
    expect(submit.executions).toHaveLength(1);
    expect(await s.sitePolicies.isAllowed('https://shop.example', 'submit')).toBe(false);
    const h2 = await s.start('again', settings);
    await until(() => s.events.filter((e) => e.type === 'approval-requested').length === 2);
    await s.runtime.resolveApproval(h2.runId, 'a1', 'denied');
    await h2.done;
    expect(submit.executions).toHaveLength(1);
  });
});
