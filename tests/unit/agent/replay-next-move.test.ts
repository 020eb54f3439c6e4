import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../lib/core/chat-message';
import type { RecordingStep } from '../../../lib/core/recording';
import { matchTarget } from '../../../lib/agent/replay-match';
import { nextReplayMove, replayTag } from '../../../lib/agent/replay-next-move';
import { DENIED_OUTPUT } from '../../../lib/agent/execute-tool-call';
import { UNKNOWN_OUTCOME } from '../../../lib/agent/run-step-tools';
import { toModelText } from '../../../lib/agent/to-model-text';

const boundary = 'b0undary0123456789';
const tag = replayTag(boundary);
const els = [
  { ref: 'e1', role: 'textbox', name: 'New item' },
  { ref: 'e2', role: 'button', name: 'Add item' },
  { ref: 'e3', role: 'button', name: 'Delete', row: 'Bread Low' },
  { ref: 'e4', role: 'button', name: 'Delete', row: 'Milk High' },
  { ref: 'e5', role: 'textbox', name: 'Password', writeOnly: true as const },
];
const snapshot = (elements: unknown[]) =>
  toModelText(
    { value: { title: 'x', url: 'http://a/', elements, total: 1, offset: 0, regions: [] }, untrusted: 'page_content' },
    boundary,
    'get_page_state',
  );

const steps: RecordingStep[] = [
  { action: 'type', target: { role: 'textbox', name: 'New item' }, value: 'Eggs' },
  { action: 'click', target: { role: 'button', name: 'Add item' } },
];
const call = (id: string, toolName: string): ChatMessage => ({
  role: 'assistant',
  content: [{ type: 'tool-call', toolCallId: id, toolName, input: {} }],
});
const result = (id: string, toolName: string, output: string, isError = false): ChatMessage => ({
  role: 'tool',
  content: [{ type: 'tool-result', toolCallId: id, toolName, output, ...(isError ? { isError } : {}) }],
});
const user: ChatMessage = { role: 'user', content: [{ type: 'text', text: 'Add eggs' }] };

describe('matchTarget', () => {
  it('matches by role and name, case and spaces aside; a text field as textbox or searchbox', () => {
    expect(matchTarget({ role: 'button', name: ' add  ITEM' }, els)).toBe('e2');
    expect(matchTarget({ role: 'searchbox', name: 'New item' }, els)).toBe('e1');
  });
  it('tells alike elements apart by their row, and refuses to guess otherwise', () => {
    expect(matchTarget({ role: 'button', name: 'Delete', row: 'Milk High' }, els)).toBe('e4');
    expect(matchTarget({ role: 'button', name: 'Delete' }, els)).toBeUndefined();
    expect(matchTarget({ role: 'button', name: 'Delete', row: 'Tea' }, els)).toBeUndefined();
    expect(matchTarget({ role: 'link', name: 'Add item' }, els)).toBeUndefined();
  });
  it('reaches a password field only for a password step', () => {
    expect(matchTarget({ role: 'textbox', name: 'Password' }, els)).toBeUndefined();
    expect(matchTarget({ role: 'textbox', name: 'Password' }, els, { writeOnly: true })).toBe('e5');
  });
});

describe('nextReplayMove', () => {
  it('takes a snapshot, then acts on the matched ref with the next snapshot in the same step, then ends', () => {
    const first = nextReplayMove(steps, [user], boundary);
    expect(first).toEqual({
      kind: 'calls',
      calls: [{ toolCallId: `${tag}s0n0`, toolName: 'get_page_state', input: { maxElements: 300 } }],
    });
    const seen = [user, call(`${tag}s0n0`, 'get_page_state'), result(`${tag}s0n0`, 'get_page_state', snapshot(els))];
    expect(nextReplayMove(steps, seen, boundary)).toEqual({
      kind: 'calls',
      calls: [
        { toolCallId: `${tag}a0`, toolName: 'type', input: { ref: 'e1', text: 'Eggs', clear: true } },
        { toolCallId: `${tag}s1n0`, toolName: 'get_page_state', input: { maxElements: 300 } },
      ],
    });
    const acted = [
      ...seen,
      {
        role: 'assistant',
        content: [
          ...(call(`${tag}a0`, 'type').content as never[]),
          ...(call(`${tag}s1n0`, 'get_page_state').content as never[]),
        ],
      } as ChatMessage,
      result(`${tag}a0`, 'type', 'ok'),
      result(`${tag}s1n0`, 'get_page_state', snapshot(els)),
    ];
    const click = nextReplayMove(steps, acted, boundary);
    expect(click).toEqual({
      kind: 'calls',
      calls: [{ toolCallId: `${tag}a1`, toolName: 'click', input: { key: 'e2' } }],
    });
    const done = [...acted, call(`${tag}a1`, 'click'), result(`${tag}a1`, 'click', 'clicked')];
    expect(nextReplayMove(steps, done, boundary)).toEqual({ kind: 'done', steps: 2 });
  });

  it('asks the model for a step that matches nothing, and counts the step done once the model acted', () => {
    const changed = els.map((e) => (e.ref === 'e2' ? { ...e, name: 'Save entry' } : e));
    const seen = [
      user,
      call(`${tag}a0`, 'type'),
      result(`${tag}a0`, 'type', 'ok'),
      call(`${tag}s1n0`, 'get_page_state'),
      result(`${tag}s1n0`, 'get_page_state', snapshot(changed)),
    ];
    const move = nextReplayMove(steps, seen, boundary);
    expect(move).toMatchObject({ kind: 'ask', step: 1, failed: false });
    expect((move as { snapshot: string }).snapshot).toContain('Save entry');
    const after = [...seen, call(`${tag}m1xcall_1`, 'click'), result(`${tag}m1xcall_1`, 'click', 'clicked')];
    expect(nextReplayMove(steps, after, boundary)).toEqual({ kind: 'done', steps: 2 });
  });

  it('stops at a step the user denied or whose outcome is unknown: nothing is done twice', () => {
    const base = [user, call(`${tag}a0`, 'type')];
    expect(nextReplayMove(steps, [...base, result(`${tag}a0`, 'type', DENIED_OUTPUT, true)], boundary)).toEqual({
      kind: 'stop',
      step: 0,
      why: 'denied',
    });
    expect(nextReplayMove(steps, [...base, result(`${tag}a0`, 'type', UNKNOWN_OUTCOME, true)], boundary)).toEqual({
      kind: 'stop',
      step: 0,
      why: 'unknown',
    });
  });

  it('ignores calls of another run (another tag), so an earlier replay in the conversation counts for nothing', () => {
    const other = replayTag('zzzzzzzzzzzzzz');
    const seen = [user, call(`${other}a0`, 'type'), result(`${other}a0`, 'type', 'ok')];
    expect(nextReplayMove(steps, seen, boundary)).toMatchObject({
      kind: 'calls',
      calls: [{ toolName: 'get_page_state' }],
    });
  });
});
