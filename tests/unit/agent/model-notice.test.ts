/** A model that cannot call tools gets plain chat and the user is told once per run. */
import { describe, expect, it } from 'vitest';
import { noToolsNotice } from '../../../lib/agent/run-model-step';
import { replayRunEvents } from '../../../lib/agent/replay-run';
import { foldRunEvents } from '../../../lib/agent/run-view';
import { textReply } from '../../../lib/agent/testing/fake-chat-model';
import type { ChatModel } from '../../../lib/providers/chat-model';
import { lookupModel } from '../../../lib/providers/model-catalog';
import { echoTool, setup } from './harness';

describe('tool calling per model', () => {
  it('sends no tools to a model the catalog says cannot call them, and shows the notice', async () => {
    const { tool } = echoTool('read_page');
    const s = setup({ scripts: [textReply('plain answer')], tools: [tool] });
    Object.assign(s.model, { info: { ...lookupModel('gemma3'), tools: false } });
    const h = await s.start('what is on this page?');
    await h.done;
    expect(s.model.calls[0]!.tools).toBeUndefined();
    expect(s.model.calls[0]!.system).not.toContain('read_page');
    const notices = s.events.filter((e) => e.type === 'model-notice');
    expect(notices).toEqual([{ type: 'model-notice', runId: h.runId, step: 0, note: noToolsNotice() }]);
    expect(noToolsNotice()).toBe("This model can't use tools; answering without reading the page.");
    const snap = (await s.journal.read(h.runId))!;
    expect(snap.steps[0]!.modelNotice).toBe(noToolsNotice());
    // Reopening the panel replays it, and the run view shows it as a notice.
    const view = foldRunEvents(h.runId, replayRunEvents(snap));
    expect(view.parts).toContainEqual({ kind: 'notice', text: noToolsNotice() });
  });

  it('shows the notice when the server refuses tools mid-step, and the run ends normally', async () => {
    const { tool } = echoTool('read_page');
    const s = setup({ scripts: [[{ type: 'tools-unsupported' }, ...textReply('answered plainly')]], tools: [tool] });
    const h = await s.start('hi');
    await h.done;
    expect(s.model.calls[0]!.tools?.map((t) => t.name)).toEqual(['read_page']);
    expect(s.events.filter((e) => e.type === 'model-notice')).toHaveLength(1);
    expect(s.events.some((e) => e.type === 'error')).toBe(false);
    expect(s.events.find((e) => e.type === 'run-finish')).toMatchObject({ reason: 'stop' });
  });

  it("uses the model's context window for trimming when the run does not set one", async () => {
    const s = setup({ scripts: [textReply('ok')] });
    (s.model as { info?: ChatModel['info'] }).info = {
      contextWindowTokens: 6000,
      reasoning: false,
      tools: true,
      known: true,
    };
    const h = await s.runtime.startRun({
      conversationId: 'c',
      model: { provider: 'fake', modelId: 'm' },
      settings: { maxOutputTokens: 100 },
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'a'.repeat(40_000) }] },
        { role: 'assistant', content: [{ type: 'text', text: 'b' }] },
        { role: 'user', content: [{ type: 'text', text: 'q' }] },
      ],
    });
    await h.done;
    expect(s.events.some((e) => e.type === 'context-trimmed')).toBe(true);
  });
});
