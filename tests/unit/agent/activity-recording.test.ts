/**
 * The tool loop writes one activity line per consequential call, from the gate's verdict and the journal:
 * what ran, where, in which conversation, how it was approved (card, always, policy, not needed) and how it
 * ended. Secrets are masked; read-only calls and calls that never began are not logged.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ActivityDraft } from '../../../lib/agent/activity-line';
import { createMemoryRunJournal } from '../../../lib/agent/memory-run-journal';
import { textReply, toolCallsReply } from '../../../lib/agent/testing/fake-chat-model';
import type { ActivitySink } from '../../../lib/agent/record-activity';
import { defineTool, type ActionTarget, type Tool } from '../../../lib/tools/define-tool';
import { ToolError } from '../../../lib/tools/tool-error';
import { MASK } from '../../../lib/util/sensitive-label';
import { echoTool, setup, until } from './harness';

const settings = { pageContext: { url: 'https://shop.example/cart?x=1', title: 'Cart' } };

function recordingSink() {
  const lines: ActivityDraft[] = [];
  const sink: ActivitySink = { record: async (l) => void lines.push(structuredClone(l)) };
  return { lines, sink };
}

/** A page-like tool that lands on `target` and writes `values`. */
function writer(name: string, opts: { target?: ActionTarget; fail?: string; locateError?: string } = {}) {
  const executions: unknown[] = [];
  const tool = defineTool({
    name,
    input: z.object({ ref: z.string(), text: z.string().optional() }),
    description: `Writes (${name}).`,
    readOnly: false,
    needsApproval: true,
    locate: async () => {
      if (opts.locateError) throw new ToolError(opts.locateError);
      return opts.target;
    },
    writtenValues: (input) => (input.text === undefined ? [] : [{ field: input.ref, value: input.text }]),
    execute: (input) => {
      executions.push(input);
      if (opts.fail) throw new Error(opts.fail);
      return 'written';
    },
  }) as Tool;
  return { tool, executions };
}

const call = (name: string, input: unknown, id = 'a1') => [toolCallsReply([{ id, name, input }]), textReply('ok')];

async function approveNext(s: ReturnType<typeof setup>, runId: string, decision: 'approved' | 'denied' | 'always') {
  await until(() => s.events.some((e) => e.type === 'approval-requested'));
  await s.runtime.resolveApproval(runId, 'a1', decision);
}

describe('activity lines from the tool loop', () => {
  it('an approved call: its site, conversation, run, what it wrote, "card" and done', async () => {
    const { lines, sink } = recordingSink();
    const submit = echoTool('submit', { needsApproval: true, readOnly: false });
    const s = setup({
      tools: [submit.tool],
      scripts: call('submit', { value: 'order #5' }),
      runtime: { activity: sink },
    });
    const h = await s.start('buy it', settings);
    await approveNext(s, h.runId, 'approved');
    await h.done;
    expect(lines).toEqual([
      {
        id: `${h.runId}:a1`,
        at: expect.any(Number),
        kind: 'other',
        toolName: 'submit',
        site: 'https://shop.example',
        conversationId: 'conv-1',
        runId: h.runId,
        approval: 'card',
        outcome: 'done',
        written: [{ field: 'value', value: 'order #5' }],
      },
    ]);
  });

  it('"always allow": the next call runs without a card and says so', async () => {
    const { lines, sink } = recordingSink();
    const submit = echoTool('submit', { needsApproval: true, readOnly: false });
    const s = setup({
      tools: [submit.tool],
      scripts: [...call('submit', { value: 'x' }), ...call('submit', { value: 'y' })],
      runtime: { activity: sink },
    });
    const h = await s.start('buy it', settings);
    await approveNext(s, h.runId, 'always');
    await h.done;
    const h2 = await s.start('again', settings);
    await h2.done;
    expect(lines.map((l) => [l.approval, l.outcome])).toEqual([
      ['card', 'done'],
      ['always', 'done'],
    ]);
  });

  it('a denial is logged as denied on the card; the tool never ran', async () => {
    const { lines, sink } = recordingSink();
    const submit = echoTool('submit', { needsApproval: true, readOnly: false });
    const s = setup({ tools: [submit.tool], scripts: call('submit', { value: 'x' }), runtime: { activity: sink } });
    const h = await s.start('buy it', settings);
    await approveNext(s, h.runId, 'denied');
    await h.done;
    expect(submit.executions).toHaveLength(0);
    expect(lines).toMatchObject([{ approval: 'card', outcome: 'denied' }]);
  });

  it('read-only calls are not logged; a consequential one that asks nothing is "not_needed"', async () => {
    const { lines, sink } = recordingSink();
    const read = echoTool('read', { readOnly: true });
    const close = echoTool('close_tab', { readOnly: false, needsApproval: false });
    const s = setup({
      tools: [read.tool, close.tool],
      scripts: [
        toolCallsReply([
          { id: 'r', name: 'read', input: { value: 'x' } },
          { id: 'c', name: 'close_tab', input: { value: '12' } },
        ]),
        textReply('ok'),
      ],
      runtime: { activity: sink },
    });
    await (
      await s.start('tidy', settings)
    ).done;
    expect(lines).toMatchObject([{ toolName: 'close_tab', kind: 'tab', approval: 'not_needed', outcome: 'done' }]);
  });

  it('a call its tool says needs no asking (a site already in the run) is "not_needed"', async () => {
    const { lines, sink } = recordingSink();
    const nav = defineTool({
      name: 'navigate',
      description: 'Goes to a page.',
      input: z.object({ url: z.string() }),
      readOnly: false,
      needsApproval: true,
      asksFor: async () => false,
      execute: () => 'went',
    }) as Tool;
    const s = setup({
      tools: [nav],
      scripts: call('navigate', { url: 'https://shop.example/b' }),
      runtime: { activity: sink },
    });
    await (
      await s.start('go', settings)
    ).done;
    expect(lines).toMatchObject([
      { kind: 'navigate', approval: 'not_needed', outcome: 'done', destination: 'https://shop.example/b' },
    ]);
    expect(lines[0]!.written).toBeUndefined();
  });

  it('an MCP tool its Settings policy allows is "policy"', async () => {
    const { lines, sink } = recordingSink();
    const mcp = defineTool({
      name: 'mcp__crm__create_lead',
      description: 'Creates a lead.',
      input: z.record(z.string(), z.unknown()),
      readOnly: false,
      needsApproval: true,
      alwaysAsk: true,
      asksFor: async () => false,
      locate: async () => ({ origin: 'https://crm.example' }),
      execute: () => 'created',
    }) as Tool;
    const s = setup({
      tools: [mcp],
      scripts: call('mcp__crm__create_lead', { name: 'Ada' }),
      runtime: { activity: sink },
    });
    await (
      await s.start('add lead', settings)
    ).done;
    expect(lines).toMatchObject([
      { kind: 'mcp_call', approval: 'policy', site: 'https://crm.example', written: [{ field: 'name', value: 'Ada' }] },
    ]);
  });

  it('values for secret fields are masked, by the label the card showed or the field key; fill_password always', async () => {
    const { lines, sink } = recordingSink();
    const target: ActionTarget = {
      origin: 'https://bank.example',
      documentId: 'd1',
      snapshotId: 's1',
      shown: [
        { kind: 'field', ref: 'f1', role: 'textbox', name: 'Password' },
        { kind: 'field', ref: 'f2', role: 'textbox', name: 'Name' },
      ],
    };
    const type = writer('type', { target });
    const pwd = defineTool({
      name: 'fill_password',
      description: 'Types the password.',
      input: z.object({ ref: z.string() }),
      readOnly: false,
      needsApproval: true,
      locate: async () => target,
      execute: () => 'typed',
    }) as Tool;
    const s = setup({
      tools: [type.tool, pwd],
      scripts: [
        toolCallsReply([{ id: 'a1', name: 'type', input: { ref: 'f1', text: 'hunter2' } }]),
        toolCallsReply([{ id: 'a2', name: 'type', input: { ref: 'pin_code', text: '4242' } }]),
        toolCallsReply([{ id: 'a3', name: 'type', input: { ref: 'f2', text: 'Ada' } }]),
        toolCallsReply([{ id: 'a4', name: 'fill_password', input: { ref: 'f1' } }]),
        textReply('ok'),
      ],
      runtime: { activity: sink },
    });
    const h = await s.start('sign in', settings);
    for (const id of ['a1', 'a2', 'a3', 'a4']) {
      await until(() => s.events.some((e) => e.type === 'approval-requested' && e.toolCallId === id));
      await s.runtime.resolveApproval(h.runId, id, 'approved');
    }
    await h.done;
    expect(lines.map((l) => l.written)).toEqual([
      [{ field: 'Password (f1)', value: MASK }],
      [{ field: 'pin_code', value: MASK }],
      [{ field: 'Name (f2)', value: 'Ada' }],
      [{ field: 'Password (f1)', value: MASK }],
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/hunter2|4242/);
    expect(lines[0]).toMatchObject({ site: 'https://bank.example', kind: 'type', approval: 'card' });
  });

  it('a failure says why; a refusal by the gate is "refused", nothing ran and the values it aimed are not kept', async () => {
    const { lines, sink } = recordingSink();
    const broken = writer('set_value', { fail: 'the slider is gone' });
    const moved = writer('type', { locateError: 'type refused: "e2" is a password field.' });
    const s = setup({
      tools: [broken.tool, moved.tool],
      scripts: [
        toolCallsReply([{ id: 'a1', name: 'set_value', input: { ref: 'e1', text: '3' } }]),
        toolCallsReply([{ id: 'a2', name: 'type', input: { ref: 'e2', text: 'hunter2' } }]),
        textReply('ok'),
      ],
      runtime: { activity: sink },
    });
    const h = await s.start('do it', settings);
    await approveNext(s, h.runId, 'approved');
    await h.done;
    expect(moved.executions).toHaveLength(0);
    expect(lines).toMatchObject([
      { toolName: 'set_value', outcome: 'failed', reason: 'Error: the slider is gone' },
      { toolName: 'type', kind: 'type', outcome: 'refused', reason: 'type refused: "e2" is a password field.' },
    ]);
    // Nothing was written, and what the model aimed at a password field is not kept.
    expect(lines[1]!.written).toBeUndefined();
    expect(JSON.stringify(lines)).not.toContain('hunter2');
  });

  it('a call the access gate refuses (read only) is "refused" with its reason, and nothing ran', async () => {
    const { lines, sink } = recordingSink();
    const submit = echoTool('submit', { needsApproval: true, readOnly: false });
    const s = setup({
      tools: [submit.tool],
      scripts: call('submit', { value: 'x' }),
      runtime: { activity: sink, accessFor: async () => 'read' },
    });
    await (
      await s.start('buy it', settings)
    ).done;
    expect(submit.executions).toHaveLength(0);
    expect(lines).toMatchObject([
      {
        toolName: 'submit',
        outcome: 'refused',
        site: 'https://shop.example',
        reason: expect.stringMatching(/read only is on/),
      },
    ]);
    expect(lines[0]!.written).toBeUndefined();
  });

  it('a call stopped while its card waited is not logged', async () => {
    const { lines, sink } = recordingSink();
    const submit = echoTool('submit', { needsApproval: true, readOnly: false });
    const s = setup({ tools: [submit.tool], scripts: call('submit', { value: 'x' }), runtime: { activity: sink } });
    const h = await s.start('buy it', settings);
    await until(() => s.events.some((e) => e.type === 'approval-requested'));
    await s.runtime.stop(h.runId);
    await h.done;
    expect(lines).toEqual([]);
  });

  it('a log that cannot be written never ends the run', async () => {
    const errors: unknown[] = [];
    const submit = echoTool('submit', { needsApproval: false, readOnly: false });
    const s = setup({
      tools: [submit.tool],
      scripts: call('submit', { value: 'x' }),
      runtime: {
        activity: { record: () => Promise.reject(new Error('disk full')) },
        reportInternalError: (e) => errors.push(e),
      },
    });
    const r = await (await s.start('go', settings)).done;
    expect(r.reason).toBe('stop');
    expect(submit.executions).toHaveLength(1);
    expect(String(errors[0])).toMatch(/disk full/);
  });

  it('a call the worker died in is logged once, "unknown", still saying how it was approved', async () => {
    const journal = createMemoryRunJournal();
    const { lines, sink } = recordingSink();
    let release: () => void = () => undefined;
    const pay = defineTool({
      name: 'pay',
      description: 'Pays.',
      input: z.object({}),
      readOnly: false,
      needsApproval: true,
      execute: () => new Promise<string>((r) => (release = () => r('paid'))),
    }) as Tool;
    const first = setup({ journal, tools: [pay], scripts: [toolCallsReply([{ id: 'p', name: 'pay', input: {} }])] });
    await first.sitePolicies.allow('https://shop.example', 'pay');
    const h = await first.start('pay', settings);
    await until(async () => (await journal.read(h.runId))?.toolCalls[0]?.status === 'running');
    first.runtime.abandon();
    release();
    const second = setup({ journal, tools: [pay], scripts: [textReply('unsure')], runtime: { activity: sink } });
    const [resumed] = await second.runtime.resumeUnfinishedRuns();
    await resumed!.done;
    expect(lines).toMatchObject([{ id: `${h.runId}:p`, toolName: 'pay', approval: 'always', outcome: 'unknown' }]);
  });
});
