import { describe, expect, it } from 'vitest';
import { foldRunEvents } from '../../../lib/agent/run-view';
import { textReply, toolCallsReply } from '../../../lib/agent/testing/fake-chat-model';
import { createUndoRecorder, recordingUndo } from '../../../lib/background/record-undo-outcome';
import { UserFacingError } from '../../../lib/messaging/user-facing-error';
import type { MessageRecord } from '../../../lib/storage/records';
import { echoTool, setup } from '../agent/harness';
import { createMemoryConversationStore } from './memory-conversation-store';

/** A finished run with one fill_form call, its answer stored as the panel would have it. */
async function finishedFill() {
  const fill = echoTool('fill_form', { readOnly: false });
  const s = setup({
    tools: [fill.tool],
    scripts: [
      toolCallsReply([{ id: 'f1', name: 'fill_form', input: { updates: { name: 'Ada' } } }]),
      textReply('Filled.'),
    ],
  });
  const h = await s.start('fill it');
  await h.done;
  const snap = (await s.journal.read(h.runId))!;
  const conversations = createMemoryConversationStore();
  await conversations.createConversation({ id: snap.run.conversationId, title: 't', createdAt: 1, updatedAt: 1 });
  const parts = foldRunEvents(h.runId, await s.runtime.replayRun(h.runId)).parts;
  const message: MessageRecord = {
    id: snap.run.messageId,
    conversationId: snap.run.conversationId,
    role: 'assistant',
    text: 'Filled.',
    status: 'complete',
    createdAt: 2,
    runId: h.runId,
    parts,
  };
  await conversations.putMessage(message);
  const record = createUndoRecorder({ journal: s.journal, conversations });
  const ctx = { sender: {} } as never;
  const toolPart = async () => (await conversations.getMessage(message.id))!.parts!.find((p) => p.kind === 'tool');
  const replayed = async () =>
    foldRunEvents(h.runId, await s.runtime.replayRun(h.runId)).parts.find((p) => p.kind === 'tool');
  return { s, h, record, ctx, toolPart, replayed };
}

describe('the outcome of Undo is kept with the fill', () => {
  it('restored fields are written to the journal (replays show them) and to the stored answer', async () => {
    const { h, record, ctx, toolPart, replayed } = await finishedFill();
    const handlers = recordingUndo(
      async () => ({ restored: 1, restoredKeys: ['name'], failed: [{ key: 'age', reason: 'the field is gone' }] }),
      record,
    );
    const reply = await handlers['page.undoFill']!({ runId: h.runId, toolCallId: 'f1' }, ctx);
    expect(reply).toEqual({
      restored: 1,
      restoredKeys: ['name'],
      failed: [{ key: 'age', reason: 'the field is gone' }],
    });
    const undo = { restored: ['name'], failed: [{ key: 'age', reason: 'the field is gone' }] };
    expect(await toolPart()).toMatchObject({ toolCallId: 'f1', undo });
    expect(await replayed()).toMatchObject({ toolCallId: 'f1', undo });
  });

  it('a reason the user was given (the page navigated) is kept too; an unexpected error is not (Undo stays offered)', async () => {
    const { h, record, ctx, toolPart } = await finishedFill();
    const broken = recordingUndo(async () => {
      throw new Error('port closed');
    }, record);
    await expect(broken['page.undoFill']!({ runId: h.runId, toolCallId: 'f1' }, ctx)).rejects.toThrow('port closed');
    expect(await toolPart()).not.toHaveProperty('undo');
    const navigated = recordingUndo(async () => {
      throw new UserFacingError('page_changed', 'The page has changed since that fill (it navigated or reloaded).');
    }, record);
    await expect(navigated['page.undoFill']!({ runId: h.runId, toolCallId: 'f1' }, ctx)).rejects.toThrow('navigated');
    expect(await toolPart()).toMatchObject({
      undo: { error: 'The page has changed since that fill (it navigated or reloaded).' },
    });
  });

  it('no undo handler, no route', () => {
    expect(recordingUndo(undefined, async () => undefined)).toEqual({});
  });
});
