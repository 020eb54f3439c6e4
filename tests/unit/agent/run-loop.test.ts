import { describe, expect, it } from 'vitest';
import { finishPart, textReply, toolCallsReply } from '../../../lib/agent/testing/fake-chat-model';
import { echoTool, setup, sleep, types, until } from './harness';

describe('run loop', () => {
  it('runs a two-step tool loop and sends the tool result back to the model', async () => {
    const echo = echoTool('echo');
    const { start, model, events } = setup({
      tools: [echo.tool],
      scripts: [toolCallsReply([{ id: 't1', name: 'echo', input: { value: 'hi' } }]), textReply('done', 2)],
    });
    const handle = await start('please echo');
    const result = await handle.done;
    expect(result.reason).toBe('stop');
    expect(result.text).toBe('done');
    expect(echo.executions).toEqual([{ value: 'hi' }]);
    expect(model.calls).toHaveLength(2);
    expect(model.calls[1]!.messages.at(-1)).toEqual({
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 't1', toolName: 'echo', output: 'echo:hi', isError: false }],
    });
    expect(model.calls[1]!.messages.at(-2)).toMatchObject({
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: 't1', input: { value: 'hi' } }],
    });
    expect(types(events)).toEqual([
      'run-start',
      'step-start',
      'tool-call-start',
      'tool-call-input',
      'usage',
      'tool-call-finish',
      'step-finish',
      'step-start',
      'text-delta',
      'text-delta',
      'usage',
      'step-finish',
      'run-finish',
    ]);
    expect(result.messages.map((m) => m.role)).toEqual(['assistant', 'tool', 'assistant']);
  });

  it('runs tool calls emitted together in parallel and returns results in call order', async () => {
    const slow = echoTool('slow', { delayMs: 120 });
    const fast = echoTool('fast', { delayMs: 5 });
    const { start, model, events } = setup({
      tools: [slow.tool, fast.tool],
      scripts: [
        toolCallsReply([
          { id: 'a', name: 'slow', input: { value: '1' } },
          { id: 'b', name: 'fast', input: { value: '2' } },
          { id: 'c', name: 'slow', input: { value: '3' } },
        ]),
        textReply('ok'),
      ],
    });
    await (
      await start('go')
    ).done;
    // The two 120 ms calls overlapped: the second started before the first ended (on a loaded machine a wall-clock
    // bound says more about the machine than about the loop).
    expect(slow.spans).toHaveLength(2);
    expect(slow.spans[1]!.start).toBeLessThan(slow.spans[0]!.end!);
    const results = model.calls[1]!.messages.at(-1)!;
    expect(results.content.map((p) => (p.type === 'tool-result' ? p.toolCallId : ''))).toEqual(['a', 'b', 'c']);
    const finished = events
      .filter((e) => e.type === 'tool-call-finish')
      .map((e) => (e.type === 'tool-call-finish' ? e.toolCallId : ''));
    expect(finished[0]).toBe('b'); // the fast one finished first, yet is second in the results
  });

  it('pauses at the default step limit of 10 and asks to continue; Stop here ends it at the limit', async () => {
    const echo = echoTool('echo');
    const scripts = Array.from({ length: 12 }, (_, i) =>
      toolCallsReply([{ id: `t${i}`, name: 'echo', input: { value: String(i) } }]),
    );
    const { start, model, events, runtime } = setup({ tools: [echo.tool], scripts });
    const h = await start('loop');
    await until(() => events.some((e) => e.type === 'run-paused'));
    expect(events.find((e) => e.type === 'run-paused')).toMatchObject({ steps: 10, more: 10 });
    expect(model.calls).toHaveLength(10);
    expect(echo.executions).toHaveLength(10); // the last step's tools still ran and were recorded
    await runtime.resolveApproval(h.runId, 'continue-10', 'denied');
    const result = await h.done;
    expect(result.reason).toBe('step-limit');
    expect(model.calls).toHaveLength(10);
  });

  it("honours the user's step limit (clamped to 50) at the pause", async () => {
    const echo = echoTool('echo');
    const scripts = Array.from({ length: 60 }, (_, i) =>
      toolCallsReply([{ id: `t${i}`, name: 'echo', input: { value: String(i) } }]),
    );
    const a = setup({ tools: [echo.tool], scripts });
    const ha = await a.start('x', { maxSteps: 3 });
    await until(() => a.events.some((e) => e.type === 'run-paused'));
    expect(a.model.calls).toHaveLength(3);
    await a.runtime.stop(ha.runId);
    expect((await ha.done).reason).toBe('stopped');
    const b = setup({ tools: [echo.tool], scripts });
    const hb = await b.start('x', { maxSteps: 500 });
    await until(() => b.events.some((e) => e.type === 'run-paused'));
    expect(b.model.calls).toHaveLength(50);
    await b.runtime.resolveApproval(hb.runId, 'continue-50', 'denied');
    await hb.done;
  });

  it('records the finish reason in the journal', async () => {
    const { start, journal } = setup({ scripts: [[{ type: 'text-delta', delta: 'long' }, finishPart('length')]] });
    const h = await start('x');
    expect((await h.done).reason).toBe('length');
    const snap = await journal.read(h.runId);
    expect(snap?.run).toMatchObject({ status: 'finished', finishReason: 'length' });
    expect(snap?.steps[0]).toMatchObject({ status: 'done', text: 'long', finishReason: 'length' });
  });

  it('records exactly what the model saw for each step', async () => {
    const echo = echoTool('echo');
    const { start, model, journal } = setup({
      tools: [echo.tool],
      scripts: [toolCallsReply([{ id: 't1', name: 'echo', input: { value: 'v' } }]), textReply('ok')],
    });
    const h = await start('hello');
    await h.done;
    const snap = await journal.read(h.runId);
    expect(snap!.steps.map((s) => s.request)).toEqual(model.calls);
    expect(snap!.steps[0]!.request.tools?.[0]).toMatchObject({
      name: 'echo',
      inputSchema: { type: 'object', properties: { value: { type: 'string' } } },
    });
  });

  it('ends with an error when the model cannot be reached at all', async () => {
    const { ProviderError } = await import('../../../lib/providers/provider-error');
    const { start, events, journal } = setup({
      scripts: [[{ throw: new ProviderError({ code: 'auth', message: 'bad key', status: 401 }) }]],
    });
    const h = await start('x');
    const r = await h.done;
    expect(r.reason).toBe('error');
    expect(r.error).toMatchObject({ code: 'auth', message: 'bad key' });
    expect(events.find((e) => e.type === 'error')).toMatchObject({ error: { code: 'auth', status: 401 } });
    expect((await journal.read(h.runId))!.run.error).toMatchObject({ code: 'auth' });
    await sleep(1);
  });
});
