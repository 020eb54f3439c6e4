import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../lib/agent/agent-event';
import { emptyRunView, foldRunEvent, runText } from '../../../lib/agent/run-view';

const fold = (events: AgentEvent[]) => events.reduce(foldRunEvent, emptyRunView('r'));

describe('foldRunEvent', () => {
  it('builds text, tool cards with approval, interjections and the finish in order', () => {
    const v = fold([
      { type: 'run-start', runId: 'r', conversationId: 'c', messageId: 'm', at: 1 },
      { type: 'text-delta', runId: 'r', messageId: 'm', delta: 'Let me ' },
      { type: 'text-delta', runId: 'r', messageId: 'm', delta: 'check.' },
      { type: 'tool-call-start', runId: 'r', toolCallId: 't1', toolName: 'memory_delete' },
      { type: 'tool-call-input', runId: 'r', toolCallId: 't1', input: { id: 'x' } },
      {
        type: 'approval-requested',
        runId: 'r',
        toolCallId: 't1',
        toolName: 'memory_delete',
        input: { id: 'x' },
        preview: 'id: x',
      },
      { type: 'approval-resolved', runId: 'r', toolCallId: 't1', decision: 'denied' },
      {
        type: 'tool-call-finish',
        runId: 'r',
        toolCallId: 't1',
        result: { error: 'denied by the user' },
        isError: true,
        durationMs: 5,
      },
      { type: 'interjection-accepted', runId: 'r', messageId: 'u2', text: 'also this' },
      { type: 'text-delta', runId: 'r', messageId: 'm', delta: 'Done.' },
      { type: 'run-finish', runId: 'r', reason: 'stop' },
    ]);
    expect(v.parts).toEqual([
      { kind: 'text', text: 'Let me check.' },
      {
        kind: 'tool',
        toolCallId: 't1',
        toolName: 'memory_delete',
        input: { id: 'x' },
        status: 'error',
        result: { error: 'denied by the user' },
        durationMs: 5,
        approval: { preview: 'id: x', canAlwaysAllow: true, decision: 'denied' },
      },
      { kind: 'interjection', text: 'also this' },
      { kind: 'text', text: 'Done.' },
    ]);
    expect(v.finish).toBe('stop');
    expect(runText(v.parts)).toBe('Let me check.\n\nDone.');
  });

  it('keeps the origin an approval acts on, for the card\'s "on …" line, through the decision', () => {
    const v = fold([
      { type: 'tool-call-start', runId: 'r', toolCallId: 'f', toolName: 'fill_form' },
      {
        type: 'approval-requested',
        runId: 'r',
        toolCallId: 'f',
        toolName: 'fill_form',
        input: {},
        preview: 'fill_form',
        origin: 'https://b.example',
      },
      { type: 'approval-resolved', runId: 'r', toolCallId: 'f', decision: 'approved' },
    ]);
    expect(v.parts[0]).toMatchObject({ approval: { origin: 'https://b.example', decision: 'approved' } });
  });

  it('nests sub-agent events under the delegate call, and notes the step limit', () => {
    const v = fold([
      { type: 'tool-call-start', runId: 'r', toolCallId: 'd', toolName: 'delegate' },
      {
        type: 'nested',
        runId: 'r',
        parentToolCallId: 'd',
        event: { type: 'tool-call-start', runId: 'child', toolCallId: 'c1', toolName: 'list_tabs' },
      },
      {
        type: 'nested',
        runId: 'r',
        parentToolCallId: 'd',
        event: { type: 'text-delta', runId: 'child', messageId: 'x', delta: 'sub' },
      },
      { type: 'run-finish', runId: 'r', reason: 'step-limit' },
    ]);
    const tool = v.parts[0] as { nested: unknown[] };
    expect(tool.nested).toEqual([
      { kind: 'tool', toolCallId: 'c1', toolName: 'list_tabs', status: 'running' },
      { kind: 'text', text: 'sub' },
    ]);
    expect(v.parts.at(-1)).toMatchObject({ kind: 'notice', text: expect.stringContaining('step limit') });
  });
});

it('tells the user when an answer hit the output limit', () => {
  const v = fold([
    { type: 'text-delta', runId: 'r', messageId: 'm', delta: 'cut' },
    { type: 'run-finish', runId: 'r', reason: 'length' },
  ]);
  expect(v.parts.at(-1)).toMatchObject({ kind: 'notice', text: expect.stringContaining('output limit') });
});
