import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { textReply, toolCallsReply } from '../../../lib/agent/testing/fake-chat-model';
import { defineTool, type Tool, type ToolContext } from '../../../lib/tools/define-tool';
import { setup, until } from './harness';

const settings = { pageContext: { url: 'https://shop.example/form' }, tabId: 7 };
const scripts = () => [toolCallsReply([{ id: 'p1', name: 'fill', input: { value: 'Ada' } }]), textReply('ok')];

function fillTool(preview: (input: { value: string }, ctx: ToolContext) => string | Promise<string>) {
  const executions: unknown[] = [];
  const tool = defineTool({
    name: 'fill',
    description: 'Fills.',
    input: z.object({ value: z.string() }),
    readOnly: false,
    needsApproval: true,
    execute: (input) => executions.push(input),
    preview,
  }) as Tool;
  return { tool, executions };
}

const requested = (s: ReturnType<typeof setup>) => s.events.find((e) => e.type === 'approval-requested');

describe("a tool's own approval preview", () => {
  it("may be async and sees the run's context (the page it would act on)", async () => {
    const seen: ToolContext[] = [];
    const { tool } = fillTool(async (input, ctx) => {
      seen.push(ctx);
      return `Name: (empty) → ${input.value}`;
    });
    const s = setup({ tools: [tool], scripts: scripts() });
    const h = await s.start('fill it', settings);
    await until(() => !!requested(s));
    expect(requested(s)).toMatchObject({ toolCallId: 'p1', preview: 'Name: (empty) → Ada' });
    expect(seen[0]).toMatchObject({ runId: h.runId, toolCallId: 'p1', tabId: 7, site: 'https://shop.example' });
    expect((await s.journal.read(h.runId))!.approvals[0]).toMatchObject({
      preview: 'Name: (empty) → Ada',
      status: 'pending',
    });
    await s.runtime.resolveApproval(h.runId, 'p1', 'approved');
    await h.done;
  });

  it('falls back to the generic preview when it fails, and the approval still works', async () => {
    const errors: unknown[] = [];
    const { tool, executions } = fillTool(() => Promise.reject(new Error('page unreachable')));
    const s = setup({ tools: [tool], scripts: scripts(), runtime: { reportInternalError: (e) => errors.push(e) } });
    const h = await s.start('fill it', settings);
    await until(() => !!requested(s));
    expect(requested(s)).toMatchObject({ preview: 'fill\n  value: Ada' });
    expect(errors).toHaveLength(1);
    await s.runtime.resolveApproval(h.runId, 'p1', 'approved');
    await h.done;
    expect(executions).toHaveLength(1);
  });

  it('is not waited for forever: a preview that never settles gives way to the generic one', async () => {
    const { tool } = fillTool(() => new Promise<string>(() => {}));
    const s = setup({ tools: [tool], scripts: scripts(), runtime: { reportInternalError: () => {} } });
    const h = await s.start('fill it', settings);
    await until(() => !!requested(s), 5000);
    expect(requested(s)).toMatchObject({ preview: 'fill\n  value: Ada' });
    await s.runtime.resolveApproval(h.runId, 'p1', 'denied');
    await h.done;
  }, 10_000);

  it('is not asked for when the site already allows the tool', async () => {
    let calls = 0;
    const { tool, executions } = fillTool(() => {
      calls++;
      return 'x';
    });
    const s = setup({ tools: [tool], scripts: scripts() });
    await s.sitePolicies.allow('https://shop.example', 'fill');
    const h = await s.start('fill it', settings);
    await h.done;
    expect(calls).toBe(0);
    expect(requested(s)).toBeUndefined();
    expect(executions).toHaveLength(1);
  });
});
