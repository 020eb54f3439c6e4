import { expect, it } from 'vitest';
import { toModelHistory } from '../../../lib/background/to-model-history';
import type { MessageRecord } from '../../../lib/storage/records';

const base = { conversationId: 'c', createdAt: 1 };

it('keeps answered tool calls, drops calls a stopped run left without results, and skips failed answers', () => {
  const records: MessageRecord[] = [
    { ...base, id: '1', role: 'user', text: 'q1', status: 'complete' },
    {
      ...base,
      id: '2',
      role: 'assistant',
      text: 'a1',
      status: 'stopped',
      modelMessages: [
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'a1' },
            { type: 'tool-call', toolCallId: 'ok', toolName: 't', input: {} },
            { type: 'tool-call', toolCallId: 'dangling', toolName: 't', input: {} },
          ],
        },
        { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'ok', toolName: 't', output: 'r' }] },
      ],
    },
    { ...base, id: '3', role: 'user', text: 'q2', status: 'complete' },
    { ...base, id: '4', role: 'assistant', text: '', status: 'error', error: { code: 'auth', message: 'x' } },
    { ...base, id: '5', role: 'user', text: 'q3', status: 'complete' },
    { ...base, id: '6', role: 'assistant', text: 'plain old answer', status: 'complete' },
  ];
  expect(toModelHistory(records)).toEqual([
    { role: 'user', content: [{ type: 'text', text: 'q1' }] },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'a1' },
        { type: 'tool-call', toolCallId: 'ok', toolName: 't', input: {} },
      ],
    },
    { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'ok', toolName: 't', output: 'r' }] },
    { role: 'user', content: [{ type: 'text', text: 'q2' }] },
    { role: 'user', content: [{ type: 'text', text: 'q3' }] },
    { role: 'assistant', content: [{ type: 'text', text: 'plain old answer' }] },
  ]);
});
