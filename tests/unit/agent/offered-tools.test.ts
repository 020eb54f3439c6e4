import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { textReply, toolCallsReply } from '../../../lib/agent/testing/fake-chat-model';
import { defineTool, type Tool } from '../../../lib/tools/define-tool';
import { echoTool, setup } from './harness';

/** A tool whose offer the test switches, counting how often it was asked. */
function switchable(name: string, offered: () => boolean | Promise<boolean>) {
  let asked = 0;
  const tool = defineTool({
    name,
    description: `A tool that is offered only sometimes (${name}).`,
    input: z.object({}),
    readOnly: true,
    offered: () => {
      asked++;
      return offered();
    },
    execute: () => `${name} ran`,
  }) as Tool;
  return { tool, asked: () => asked };
}

const offeredNames = (call: { tools?: Array<{ name: string }> }) => (call.tools ?? []).map((t) => t.name);

describe('tools offered per step', () => {
  it('leaves out a tool that says it cannot apply, and offers it on the step where it can', async () => {
    let open = false;
    const page = switchable('page_thing', () => open);
    const always = echoTool('always');
    const s = setup({
      tools: [page.tool, always.tool],
      scripts: [
        () => {
          open = true; // the first step opened a page the tool can work on
          return toolCallsReply([{ id: 'c1', name: 'always', input: { value: 'x' } }]);
        },
        textReply('done'),
      ],
    });
    await (
      await s.start('go')
    ).done;
    expect(offeredNames(s.model.calls[0]!)).toEqual(['always']);
    expect(offeredNames(s.model.calls[1]!)).toEqual(['page_thing', 'always']);
    expect(page.asked()).toBe(2);
  });

  it('offers a tool whose check fails (a capability is not taken away by an error) and reports the error', async () => {
    const broken = switchable('shaky', () => Promise.reject(new Error('storage gone')));
    const reported: unknown[] = [];
    const s = setup({
      tools: [broken.tool],
      scripts: [textReply('hi')],
      runtime: { reportInternalError: (e) => reported.push(e) },
    });
    await (
      await s.start('hello')
    ).done;
    expect(offeredNames(s.model.calls[0]!)).toEqual(['shaky']);
    expect(String(reported[0])).toContain('storage gone');
  });

  it('still runs a call to a tool it did not offer, through the same path (only the offer changes)', async () => {
    const hidden = switchable('hidden', () => false);
    const s = setup({
      tools: [hidden.tool],
      scripts: [toolCallsReply([{ id: 'c1', name: 'hidden', input: {} }]), textReply('ok')],
    });
    await (
      await s.start('go')
    ).done;
    expect(s.model.calls[0]!.tools).toBeUndefined();
    const result = s.model.calls[1]!.messages.find((m) => m.role === 'tool');
    expect(JSON.stringify(result)).toContain('hidden ran');
  });
});
