import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { textReply, toolCallsReply } from '../../../lib/agent/testing/fake-chat-model';
import { defineTool, type Tool } from '../../../lib/tools/define-tool';
import { echoTool, setup, until } from './harness';

describe('interjection', () => {
  it('injects a message sent during a run before the next model call, in the same run', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const wait = defineTool({
      name: 'wait',
      description: 'Waits.',
      input: z.object({}),
      readOnly: true,
      execute: () => gate,
    }) as Tool;
    const s = setup({
      tools: [wait],
      scripts: [toolCallsReply([{ id: 'w', name: 'wait', input: {} }]), textReply('answer')],
    });
    const h = await s.start('first');
    await until(() => s.events.some((e) => e.type === 'tool-call-input'));
    const id = await s.runtime.interject(h.runId, 'also check the price');
    release();
    const r = await h.done;
    expect(r.reason).toBe('stop');
    expect(s.model.calls).toHaveLength(2);
    const msgs = s.model.calls[1]!.messages;
    expect(msgs.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'user']);
    expect(msgs.at(-1)).toEqual({ role: 'user', content: [{ type: 'text', text: 'also check the price' }] });
    expect(s.events).toContainEqual({
      type: 'interjection-accepted',
      runId: h.runId,
      messageId: id,
      text: 'also check the price',
    });
    expect(r.messages.map((m) => m.role)).toEqual(['assistant', 'tool', 'user', 'assistant']);
  });

  it('continues the run when a message arrives while the model ends its turn', async () => {
    let reached!: () => void;
    const atEnd = new Promise<void>((r) => {
      reached = r;
    });
    const s = setup({
      scripts: [
        [
          { type: 'text-delta', delta: 'first answer' },
          { reached: () => reached() },
          { wait: 30 },
          {
            type: 'finish',
            finishReason: 'stop',
            usage: { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, cacheWriteTokens: 0 },
          },
        ],
        textReply('second answer'),
      ],
    });
    const h = await s.start('q');
    await atEnd;
    await s.runtime.interject(h.runId, 'and in French?');
    const r = await h.done;
    expect(s.model.calls).toHaveLength(2);
    expect(s.model.calls[1]!.messages.at(-1)).toMatchObject({ role: 'user', content: [{ text: 'and in French?' }] });
    expect(r.text).toBe('second answer');
  });

  it('refuses an interjection for a finished run', async () => {
    const s = setup({ scripts: [textReply('hi')] });
    const h = await s.start('q');
    await h.done;
    await expect(s.runtime.interject(h.runId, 'late')).rejects.toThrow(/not running/);
  });
});

describe('stop', () => {
  it('aborts an in-flight tool within 500 ms, gives it an aborted signal, and journals what was done', async () => {
    let toolSignal: AbortSignal | undefined;
    const stubborn = defineTool({
      name: 'stubborn',
      description: 'Ignores nothing but takes forever.',
      input: z.object({}),
      readOnly: false,
      execute: (_i, ctx) => {
        toolSignal = ctx.signal;
        return new Promise(() => undefined);
      },
    }) as Tool;
    const quick = echoTool('quick');
    const s = setup({
      tools: [stubborn, quick.tool],
      scripts: [
        toolCallsReply([
          { id: 'q', name: 'quick', input: { value: 'x' } },
          { id: 's', name: 'stubborn', input: {} },
        ]),
      ],
    });
    const h = await s.start('go');
    await until(() => toolSignal !== undefined && quick.executions.length === 1);
    await until(() => s.events.some((e) => e.type === 'tool-call-finish'));
    const t0 = Date.now();
    await s.runtime.stop(h.runId);
    const r = await h.done;
    expect(Date.now() - t0).toBeLessThan(500);
    expect(toolSignal!.aborted).toBe(true);
    expect(r.reason).toBe('stopped');
    const snap = await s.journal.read(h.runId);
    expect(snap!.run).toMatchObject({ status: 'finished', finishReason: 'stopped' });
    expect(snap!.toolCalls.map((c) => [c.toolCallId, c.status, c.outcome])).toEqual([
      ['q', 'done', 'ok'],
      ['s', 'done', 'stopped'],
    ]);
    expect(s.events.at(-1)).toEqual({ type: 'run-finish', runId: h.runId, reason: 'stopped' });
  });

  it('aborts the model stream within 500 ms and keeps the partial text', async () => {
    let signal: AbortSignal | undefined;
    const s = setup({
      scripts: [
        (call) => {
          void call;
          return [{ type: 'text-delta', delta: 'Partial ans' }, { hang: true }];
        },
      ],
    });
    const origStream = s.model.stream.bind(s.model);
    s.model.stream = (call, sig) => {
      signal = sig;
      return origStream(call, sig);
    };
    const h = await s.start('q');
    await until(() => s.events.some((e) => e.type === 'text-delta'));
    const t0 = Date.now();
    await s.runtime.stop(h.runId);
    expect(Date.now() - t0).toBeLessThan(500);
    expect(signal!.aborted).toBe(true);
    const r = await h.done;
    expect(r).toMatchObject({ reason: 'stopped', text: 'Partial ans' });
    const snap = await s.journal.read(h.runId);
    expect(snap!.steps[0]).toMatchObject({ status: 'done', text: 'Partial ans', interrupted: 'stopped' });
    expect(s.events.some((e) => e.type === 'text-interrupted' && e.reason === 'stopped')).toBe(true);
  });
});
