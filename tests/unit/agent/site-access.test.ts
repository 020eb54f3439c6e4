import { describe, expect, it } from 'vitest';
import { textReply, toolCallsReply } from '../../../lib/agent/testing/fake-chat-model';
import { accessRefusal, narrowestAccess, narrowestAccessBy, type SiteAccess } from '../../../lib/agent/site-access';
import { createAccessFor } from '../../../lib/background/create-access-for';
import { echoTool, setup, until } from './harness';

const page = { pageContext: { url: 'https://shop.example/cart', title: 'Cart' } };
const resultOf = (s: ReturnType<typeof setup>, step: number) => {
  const part = s.model.calls[step]!.messages.at(-1)!.content[0]!;
  return part.type === 'tool-result' ? part : undefined;
};

describe('narrowestAccess', () => {
  it('the narrowest level wins, whatever the order; nothing given is full access', () => {
    expect(narrowestAccess()).toBe('full');
    expect(narrowestAccess('full', 'read')).toBe('read');
    expect(narrowestAccess('read', 'full')).toBe('read');
    expect(narrowestAccess('full', 'none', 'read')).toBe('none');
    expect(narrowestAccess('full', 'full')).toBe('full');
  });
});

describe('narrowestAccessBy', () => {
  it('names whose rule narrowed it; a tie names the organisation, whose rule the user cannot turn off', () => {
    expect(narrowestAccessBy()).toEqual({ level: 'full', by: 'user' });
    expect(narrowestAccessBy('read', { level: 'full', by: 'organisation' })).toEqual({ level: 'read', by: 'user' });
    expect(narrowestAccessBy('full', { level: 'read', by: 'organisation' })).toEqual({
      level: 'read',
      by: 'organisation',
    });
    expect(narrowestAccessBy('read', { level: 'read', by: 'organisation' })).toEqual({
      level: 'read',
      by: 'organisation',
    });
    expect(narrowestAccessBy({ level: 'read', by: 'organisation' }, 'none')).toEqual({ level: 'none', by: 'user' });
  });

  it("createAccessFor: the user's switch and the organisation's level for the site, the narrowest named", async () => {
    let readOnly = false;
    const settings = { get: async () => ({ readOnly }) } as unknown as Parameters<typeof createAccessFor>[0];
    const org = async (site: string | undefined): Promise<SiteAccess> => (site?.includes('bank') ? 'read' : 'full');
    const accessFor = createAccessFor(settings, org);
    expect(await accessFor('https://shop.example')).toEqual({ level: 'full', by: 'user' });
    expect(await accessFor('https://bank.example')).toEqual({ level: 'read', by: 'organisation' });
    readOnly = true;
    expect(await accessFor('https://shop.example')).toEqual({ level: 'read', by: 'user' });
    expect(await accessFor('https://bank.example')).toEqual({ level: 'read', by: 'organisation' });
  });
});

describe('accessRefusal', () => {
  const read = { name: 'read_page', readOnly: true };
  const write = { name: 'fill_form', readOnly: false };
  it('full lets everything through; read only reads; none refuses even reads', () => {
    expect(accessRefusal(read, 'full')).toBeUndefined();
    expect(accessRefusal(write, 'full')).toBeUndefined();
    expect(accessRefusal(read, 'read')).toBeUndefined();
    expect(accessRefusal(write, 'read')?.outcome).toBe('read-only');
    expect(accessRefusal(write, 'read', 'https://a.example')?.message).toMatch(
      /^Refused: read only is on on https:\/\/a\.example\. fill_form/,
    );
    expect(accessRefusal(read, 'none')?.outcome).toBe('no-access');
    expect(accessRefusal(write, 'none')?.outcome).toBe('no-access');
  });

  it("an organisation's level refuses under its own kind, and its message says the user cannot change it", () => {
    const org = (level: SiteAccess) => ({ level, by: 'organisation' as const });
    expect(accessRefusal(read, org('read'))).toBeUndefined();
    expect(accessRefusal(write, org('read'))?.outcome).toBe('org-read-only');
    expect(accessRefusal(write, org('read'), 'https://bank.example')?.message).toMatch(
      /^Refused: the user's organisation has made this site read only on https:\/\/bank\.example \(a policy the user cannot change\)\. fill_form/,
    );
    expect(accessRefusal(read, org('none'))?.outcome).toBe('org-no-access');
    expect(accessRefusal(read, org('none'))?.message).toMatch(
      /^Refused: the user's organisation gives Tabwise no access/,
    );
  });
});

describe('the access gate in a run', () => {
  it('read only: a tool that is not read-only is refused before any card, and its card knows why; reads still run', async () => {
    const submit = echoTool('submit', { needsApproval: true, readOnly: false });
    const reader = echoTool('peek', { readOnly: true });
    const s = setup({
      tools: [submit.tool, reader.tool],
      scripts: [
        toolCallsReply([{ id: 'w1', name: 'submit', input: { value: 'order' } }]),
        toolCallsReply([{ id: 'r1', name: 'peek', input: { value: 'page' } }]),
        textReply('done'),
      ],
      runtime: { accessFor: async () => 'read' },
    });
    const h = await s.start('buy it', page);
    await h.done;
    expect(submit.executions).toHaveLength(0);
    expect(reader.executions).toHaveLength(1);
    expect(s.events.some((e) => e.type === 'approval-requested')).toBe(false);
    expect(resultOf(s, 1)).toMatchObject({ isError: true });
    expect(resultOf(s, 1)?.output).toMatch(/read only is on/);
    expect(s.events).toContainEqual(
      expect.objectContaining({ type: 'tool-call-finish', toolCallId: 'w1', refused: 'read-only' }),
    );
    expect(resultOf(s, 2)).toMatchObject({ isError: false });
    const snap = await s.journal.read(h.runId);
    expect(snap!.toolCalls.find((c) => c.toolCallId === 'w1')?.outcome).toBe('read-only');
    // The replayed run (a panel that opens later) shows the same refusal.
    const replayed = await s.runtime.replayRun(h.runId);
    expect(replayed).toContainEqual(
      expect.objectContaining({ type: 'tool-call-finish', toolCallId: 'w1', refused: 'read-only' }),
    );
  });

  it("the organisation's read only: journaled and replayed as the organisation's, so the card says who", async () => {
    const submit = echoTool('submit', { needsApproval: true, readOnly: false });
    const s = setup({
      tools: [submit.tool],
      scripts: [toolCallsReply([{ id: 'w1', name: 'submit', input: { value: 'order' } }]), textReply('done')],
      runtime: { accessFor: async () => ({ level: 'read', by: 'organisation' }) },
    });
    const h = await s.start('buy it', page);
    await h.done;
    expect(submit.executions).toHaveLength(0);
    expect(resultOf(s, 1)?.output).toMatch(/^Refused: the user's organisation has made this site read only/);
    const snap = await s.journal.read(h.runId);
    expect(snap!.toolCalls.find((c) => c.toolCallId === 'w1')?.outcome).toBe('org-read-only');
    expect(await s.runtime.replayRun(h.runId)).toContainEqual(
      expect.objectContaining({ type: 'tool-call-finish', toolCallId: 'w1', refused: 'org-read-only' }),
    );
  });

  it('read only: the model is offered only the read-only tools', async () => {
    const submit = echoTool('submit', { needsApproval: true, readOnly: false });
    const reader = echoTool('peek', { readOnly: true });
    const s = setup({
      tools: [submit.tool, reader.tool],
      scripts: [textReply('hi')],
      runtime: { accessFor: async () => 'read' },
    });
    await (
      await s.start('hello', page)
    ).done;
    expect(s.model.calls[0]!.tools?.map((t) => t.name)).toEqual(['peek']);
  });

  it('no access: not even a read runs on that site, and nothing is offered', async () => {
    const reader = echoTool('peek', { readOnly: true });
    const access = async (site: string | undefined): Promise<SiteAccess> =>
      site === 'https://shop.example' ? 'none' : 'full';
    const s = setup({
      tools: [reader.tool],
      scripts: [toolCallsReply([{ id: 'r1', name: 'peek', input: { value: 'x' } }]), textReply('ok')],
      runtime: { accessFor: access },
    });
    await (
      await s.start('read it', page)
    ).done;
    expect(reader.executions).toHaveLength(0);
    expect(s.model.calls[0]!.tools ?? []).toEqual([]);
    expect(resultOf(s, 1)?.output).toMatch(/no access on https:\/\/shop\.example/);
  });

  it('the gate fails closed: when access cannot be read, nothing runs', async () => {
    const reader = echoTool('peek', { readOnly: true });
    const s = setup({
      tools: [reader.tool],
      scripts: [toolCallsReply([{ id: 'r1', name: 'peek', input: { value: 'x' } }]), textReply('ok')],
      runtime: { accessFor: () => Promise.reject(new Error('settings unreadable')) },
    });
    await (
      await s.start('read it', page)
    ).done;
    expect(reader.executions).toHaveLength(0);
    expect(resultOf(s, 1)?.output).toMatch(/could not tell what it may do.*settings unreadable/);
  });

  it('read only turned on while a card waits: approving it does not run the call', async () => {
    let access: SiteAccess = 'full';
    const submit = echoTool('submit', { needsApproval: true, readOnly: false });
    const s = setup({
      tools: [submit.tool],
      scripts: [toolCallsReply([{ id: 'w1', name: 'submit', input: { value: 'order' } }]), textReply('ok')],
      runtime: { accessFor: async () => access },
    });
    const h = await s.start('buy it', page);
    await until(() => s.events.some((e) => e.type === 'approval-requested'));
    access = 'read';
    await s.runtime.resolveApproval(h.runId, 'w1', 'approved');
    await h.done;
    expect(submit.executions).toHaveLength(0);
    expect(resultOf(s, 1)?.output).toMatch(/read only is on/);
  });

  it('"always allow" does not get past read only', async () => {
    const submit = echoTool('submit', { needsApproval: true, readOnly: false });
    const s = setup({
      tools: [submit.tool],
      scripts: [toolCallsReply([{ id: 'w1', name: 'submit', input: { value: 'order' } }]), textReply('ok')],
      runtime: { accessFor: async () => 'read' },
    });
    await s.sitePolicies.allow('https://shop.example', 'submit');
    await (
      await s.start('buy it', page)
    ).done;
    expect(submit.executions).toHaveLength(0);
  });
});
