/** A turn's answer as a new version of an earlier one or the rest of a stopped one: its history and first record. */
import { describe, expect, it } from 'vitest';
import { joinModelMessages } from '../../../lib/background/join-model-messages';
import { CONTINUE_AFTER_STOP_NOTE, startingRecord, turnHistory } from '../../../lib/background/turn-answer';
import type { ChatMessage } from '../../../lib/core/chat-message';
import type { MessageRecord } from '../../../lib/storage/records';

const base = { conversationId: 'c', createdAt: 1 };
const question: MessageRecord = { ...base, id: 'q', role: 'user', text: 'Why?', status: 'complete' };
const stopped: MessageRecord = {
  ...base,
  id: 'a',
  role: 'assistant',
  text: 'Because the',
  status: 'stopped',
  finish: 'stopped',
  runId: 'r1',
  model: 'Old · m',
  parts: [{ kind: 'text', text: 'Because the' }],
  usage: { inputTokens: 5, outputTokens: 2, cachedInputTokens: 0, cacheWriteTokens: 0 },
  modelMessages: [{ role: 'assistant', content: [{ type: 'text', text: 'Because the' }] }],
};
const fresh: MessageRecord = {
  ...base,
  id: 'new',
  role: 'assistant',
  text: '',
  status: 'streaming',
  createdAt: 9,
  model: 'New · m',
};
const said = (text: string) => ({ type: 'text' as const, text });

describe('turn answers', () => {
  it('a new version is asked the conversation without the answer it replaces, and takes its place with its versions', () => {
    const earlier = { ...stopped, status: 'complete' as const, text: 'Old answer' };
    const answer = { kind: 'version-of' as const, earlier };
    expect(turnHistory([question, earlier], answer)).toEqual([{ role: 'user', content: [said('Why?')] }]);
    const record = startingRecord(answer, fresh);
    expect(record).toMatchObject({ id: 'a', text: '', status: 'streaming', createdAt: 9, model: 'New · m' });
    expect(record.parts).toBeUndefined();
    expect(record.versionIndex).toBe(1);
    expect(record.otherVersions?.map((v) => v.text)).toEqual(['Old answer']);
  });

  it('a continued answer is asked with the stopped answer last, then the note; its record keeps what it had', () => {
    const answer = { kind: 'continue' as const, stopped };
    expect(turnHistory([question, stopped], answer)).toEqual([
      { role: 'user', content: [said('Why?')] },
      { role: 'assistant', content: [said('Because the')] },
      { role: 'user', content: [said(CONTINUE_AFTER_STOP_NOTE)] },
    ]);
    const record = startingRecord(answer, fresh);
    expect(record).toMatchObject({
      id: 'a',
      createdAt: 1,
      text: 'Because the',
      status: 'streaming',
      model: 'New · m',
      parts: stopped.parts,
      usage: stopped.usage,
    });
    // The stopped run is no longer this record's: the run that continues it is.
    expect(record.runId).toBeUndefined();
    expect(record.finish).toBeUndefined();
  });

  it('a stopped answer stored as text only is sent, and kept, as the model saw it', () => {
    const textOnly: MessageRecord = { ...base, id: 'a', role: 'assistant', text: 'Half', status: 'stopped' };
    const record = startingRecord({ kind: 'continue', stopped: textOnly }, fresh);
    expect(record.modelMessages).toEqual([{ role: 'assistant', content: [said('Half')] }]);
  });

  it('joins the continuation to the stopped reply where both are text; keeps them apart otherwise', () => {
    const before: ChatMessage[] = [{ role: 'assistant', content: [said('Because the')] }];
    const added: ChatMessage[] = [
      {
        role: 'assistant',
        content: [said(' sky scatters blue light.'), { type: 'tool-call', toolCallId: 't', toolName: 'x', input: {} }],
      },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 't', toolName: 'x', output: 'ok' }] },
    ];
    expect(joinModelMessages(before, added)).toEqual([
      {
        role: 'assistant',
        content: [
          said('Because the sky scatters blue light.'),
          { type: 'tool-call', toolCallId: 't', toolName: 'x', input: {} },
        ],
      },
      added[1],
    ]);
    const reasoning: ChatMessage[] = [{ role: 'assistant', content: [{ type: 'reasoning', text: 'hm' }, said('x')] }];
    expect(joinModelMessages(before, reasoning)).toEqual([...before, ...reasoning]);
    expect(joinModelMessages(undefined, added)).toBe(added);
  });
});
