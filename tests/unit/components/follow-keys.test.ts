import { describe, expect, it } from 'vitest';
import { decisionWaiting, lastSentKey } from '../../../components/sidepanel/follow-keys';
import type { MessageRecord } from '../../../lib/storage/records';

const message = (over: Partial<MessageRecord>): MessageRecord =>
  ({
    id: 'm',
    conversationId: 'c',
    role: 'user',
    text: '',
    status: 'complete',
    createdAt: 0,
    ...over,
  }) as MessageRecord;
const waiting = (toolName: string, decision?: 'approved') => ({
  kind: 'tool' as const,
  toolCallId: toolName,
  toolName,
  status: 'awaiting-approval' as const,
  approval: { preview: '', ...(decision ? { decision } : {}) },
});

describe('what moves the conversation view', () => {
  it('a new message sent, or one queued behind a running answer, changes the key', () => {
    const one = [message({ id: 'u1' }), message({ id: 'a1', role: 'assistant' })];
    expect(lastSentKey(one, [])).toBe('user:u1');
    expect(lastSentKey([...one, message({ id: 'u2' })], [])).toBe('user:u2');
    expect(lastSentKey(one, [{ id: 'q1', text: 'and then' }])).toBe('queued:q1');
    expect(lastSentKey([], [])).toBeUndefined();
  });

  it('names the card waiting for a decision, and whether Enter and Escape decide it', () => {
    const answer = (parts: MessageRecord['parts']) => [
      message({ id: 'a', role: 'assistant', status: 'streaming', parts }),
    ];
    expect(decisionWaiting(answer([waiting('fill_form')]))).toEqual({ title: 'Fill the form', keys: true });
    expect(decisionWaiting(answer([waiting('ask_user')]))?.keys).toBe(false);
    expect(decisionWaiting(answer([waiting('fill_form', 'approved')]))).toBeUndefined();
    expect(decisionWaiting(answer([{ kind: 'text', text: 'hi' }]))).toBeUndefined();
  });
});
