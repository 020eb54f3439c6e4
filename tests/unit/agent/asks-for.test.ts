import { describe, expect, it } from 'vitest';
import { textReply, toolCallsReply } from '../../../lib/agent/testing/fake-chat-model';
import { echoTool, setup, until } from './harness';

/** A tool that needs approval only where its `asksFor` says so (navigate: for an origin new to the run). */
function goTool() {
  const echo = echoTool('go', { needsApproval: true, readOnly: false });
  const asked: string[] = [];
  const tool = {
    ...echo.tool,
    asksFor: async (input: unknown) => {
      const v = (input as { value: string }).value;
      asked.push(v);
      return v.startsWith('new');
    },
  };
  return { tool, executions: echo.executions, asked };
}

const settings = { pageContext: { url: 'https://shop.example/cart', title: 'Cart' } };

describe('a tool that asks only for some calls', () => {
  it('runs a call its tool says needs no asking without a card, and asks for the others', async () => {
    const go = goTool();
    const s = setup({
      tools: [go.tool],
      scripts: [
        toolCallsReply([{ id: 'g1', name: 'go', input: { value: 'known' } }]),
        toolCallsReply([{ id: 'g2', name: 'go', input: { value: 'new place' } }]),
        textReply('ok'),
      ],
    });
    const h = await s.start('go', settings);
    await until(() => s.events.some((e) => e.type === 'approval-requested'));
    expect(go.executions).toEqual([{ value: 'known' }]);
    expect(
      s.events
        .filter((e) => e.type === 'approval-requested')
        .map((e) => e.type === 'approval-requested' && e.toolCallId),
    ).toEqual(['g2']);
    await s.runtime.resolveApproval(h.runId, 'g2', 'denied');
    await h.done;
    expect(go.executions).toEqual([{ value: 'known' }]);
    expect(go.asked).toEqual(['known', 'new place']);
  });
});
